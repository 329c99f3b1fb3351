/** The signed-in user as the app needs it; the identity provider's own object stays inside the auth code. */
export interface SignedInUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}
