import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/auth/options";

// next-auth's endpoints (/api/auth/signin, /callback/*, /session, /csrf, /signout). The
// options are built per request so the secret is resolved at run time, not during build.
type RouteContext = { params: Promise<{ nextauth: string[] }> };

function handler(request: Request, context: RouteContext) {
  return NextAuth(request as never, context as never, getAuthOptions());
}

export { handler as GET, handler as POST };
