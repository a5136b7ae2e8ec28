import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Disclosure } from "~/components/disclosure";
import type { ErrorSummaryData } from "~/components/error-summary";
import { useFlashAnchor } from "~/components/toast-message";
import { AreaForm } from "./area-form";
import type { ItemFormProps } from "./item-form-props";
import type { Trail } from "./trail";

// What the forms that edit the chosen trail share.

export type TrailFormProps = ItemFormProps<{ trail: Trail }>;

/** The hidden fields of every form that edits the trail: which trail, and the version shown. */
export function TrailFields({ trail }: { trail: Trail }) {
  return (
    <>
      <input type="hidden" name="trailId" value={trail.id} />
      <input type="hidden" name="version" value={trail.version} />
    </>
  );
}

/**
 * A form of the chosen trail folded under its title, so the area stays short on a phone (decision 020);
 * open when it holds the answer to its last submission.
 */
export function FoldedTrailForm<Fields extends Record<string, unknown>>({
  form,
  summary,
  anchor,
  title,
  trail,
  here,
  lastResult,
  children,
}: TrailFormProps & {
  form: FormMetadata<Fields, string[]>;
  summary: ErrorSummaryData;
  anchor: string;
  title: string;
  children: ReactNode;
}) {
  const answered = useFlashAnchor() === anchor || lastResult !== undefined;
  return (
    <Disclosure title={title} open={answered}>
      <AreaForm
        form={form}
        summary={summary}
        action={here}
        heading={title}
        hideHeading
        level={4}
        className="scroll-mt-4 px-4 pb-4"
      >
        <TrailFields trail={trail} />
        {children}
      </AreaForm>
    </Disclosure>
  );
}
