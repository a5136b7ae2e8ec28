import { useNavigation } from "@remix-run/react";

// What a form says about itself: a message about the whole form, and a button that says it is sending.

export function FormAlert({
  id,
  messages,
  tone = "error",
}: {
  id?: string;
  messages?: string[] | null;
  tone?: "error" | "success";
}) {
  if (!messages || messages.length === 0) return null;
  const style =
    tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900";
  // The id is the one the form's aria-describedby names, so screen readers read the message with the form.
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"} className={`rounded-md border-l-4 px-4 py-3 ${style}`}>
      {messages.map((message) => (
        <p key={message} className="font-medium">
          {message}
        </p>
      ))}
    </div>
  );
}

/** A submit button that says what it is doing while its own intent is being submitted. */
export function SubmitButton({
  intent,
  label,
  pendingLabel,
  className = "btn-primary",
}: {
  intent?: string;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
