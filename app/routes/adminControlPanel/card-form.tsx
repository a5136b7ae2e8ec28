import type { ComponentProps } from "react";
import { AreaForm } from "./area-form";

/** An area form that stands as a card of its own under a level-3 heading: the look of an area's main forms. */
export function CardForm<Fields extends Record<string, unknown>>(
  props: Omit<ComponentProps<typeof AreaForm<Fields>>, "level" | "className">,
) {
  return <AreaForm {...props} level={3} className="card scroll-mt-4 p-4" />;
}
