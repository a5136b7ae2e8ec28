import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormAlert } from "~/components/form-fields";

/**
 * A form of an admin area that changes data: it posts to the area's URL, keeps the scroll position, is
 * named by its heading, and shows a refusal that concerns no single field above its fields.
 */
export function AreaForm<Fields extends Record<string, unknown>>({
  form,
  action,
  heading,
  level,
  className,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  action: string;
  heading: string;
  level: 3 | 4;
  className: string;
  children: ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  const headingId = `${form.id}-heading`;
  return (
    <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className={className} aria-labelledby={headingId}>
      <Heading id={headingId} className={`mb-3 font-semibold ${level === 3 ? "text-xl" : "text-lg"}`}>
        {heading}
      </Heading>
      <FormAlert id={form.errorId} messages={form.errors} />
      {children}
    </Form>
  );
}
