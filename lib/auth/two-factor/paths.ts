/** The account page where two-factor sign-in is set up and turned off. */
export const TWO_FACTOR_SETUP_PATH = "/console/account/two-factor";
