/** The name of the form field people never see but form-filling bots complete (see components/honeypot-field). */
export const HONEYPOT_FIELD = "website";
