export const schemaPath: string;
export const migrationsDir: string;
export function diffMigrationsToSchema(): Promise<string>;
