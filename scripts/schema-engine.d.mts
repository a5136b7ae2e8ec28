export const migrationsDir: string;
export function diffMigrationsToSchema(): Promise<string>;
