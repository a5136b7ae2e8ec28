import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * A field people never see or reach (off-screen, hidden from assistive technology, out of the tab
 * order) but that form-filling bots tend to complete; the server rejects any submission that fills it.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`${HONEYPOT_FIELD}-field`}>Leave this field empty</label>
      <input
        id={`${HONEYPOT_FIELD}-field`}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
