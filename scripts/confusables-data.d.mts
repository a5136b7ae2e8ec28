export const outputFile: string;
export function renderConfusablesData(): string;
