/** Who a sign-in step admits: what next-auth's session token carries. */
export type SignedInUser = { id: string; email: string; name: string };
