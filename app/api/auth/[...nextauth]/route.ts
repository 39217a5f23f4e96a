import { handleAuthRequest } from "@/lib/auth/route-handler";

// next-auth's endpoints (/api/auth/signin, /callback/*, /session, /csrf, /signout), with
// sign-in throttling in front (lib/auth/route-handler.ts). The options are built per
// request so the secret is resolved at run time, not during build.
export { handleAuthRequest as GET, handleAuthRequest as POST };
