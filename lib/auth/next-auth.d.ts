import type { DefaultSession } from "next-auth";

// The session carries our user id (the JWT `sub`); everything else is read from the database.
declare module "next-auth" {
  interface Session {
    user?: DefaultSession["user"] & { id: string };
  }
}
