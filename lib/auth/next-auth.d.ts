import type { DefaultSession } from "next-auth";

// The session carries our user id (the JWT `sub`) and which sign-in it belongs to
// (lib/auth/revocation.ts); everything else is read from the database.
declare module "next-auth" {
  interface Session {
    user?: DefaultSession["user"] & { id: string };
    sid?: string;
    signedInAt?: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sid?: string;
    signedInAt?: number;
  }
}
