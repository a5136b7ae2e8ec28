import { HONEYPOT_FIELD } from "~/lib/honeypot";

export const HONEYPOT_MESSAGE = "Your submission could not be processed. Please try again.";

/** True when the hidden field that people never see (but form-filling bots do) has a value. */
export function isHoneypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.length > 0;
}
