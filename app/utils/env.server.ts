import * as z from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { error: "must be true, false, 1 or 0" })
  .transform((value) => value === "true" || value === "1");

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

/** The app's public origin: http(s), no credentials, path, query or fragment. */
const appUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).refine((value) => {
  if (!URL.canParse(value)) return true; // the format check above already said so
  const url = new URL(value);
  return !url.username && !url.password && url.pathname === "/" && !url.search && !url.hash;
}, "must be an origin only, such as https://trails.example.edu (no path, query or credentials)");

/** A whole number in a range, with one message however it is wrong ("abc", "1.5", "0", "99999"). */
function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/**
 * A host the server fetches from, as an origin: https, or plain http to this machine (a stand-in in
 * tests); nothing else, so a setting cannot send the server to an internal address without TLS.
 */
function fetchOrigin(example: string) {
  const error = `must be an https origin such as ${example} (or http:// on this machine)`;
  return z
    .string()
    .refine((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      const secure = url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
      return secure && !url.username && !url.password && url.origin === value.replace(/\/$/, "");
    }, error)
    .transform((value) => new URL(value).origin);
}

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), "must be a postgres:// or postgresql:// URL");

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], { error: "must be development, production or test" })
      .default("development"),
    DATABASE_URL: z.preprocess(emptyAsUndefined, postgresUrl.optional()),
    DATABASE_POOL_SIZE: z.preprocess(emptyAsUndefined, wholeNumber(1, 100).default(10)),
    PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
    SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, "must be at least 16 characters").optional()),
    APP_URL: z.preprocess(emptyAsUndefined, appUrl.optional()),
    PORT: z.preprocess(emptyAsUndefined, wholeNumber(1, 65535).optional()),
    // server.ts listens on HOST; checked here so a typo stops the start with the others.
    HOST: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(
          /^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]*:[0-9a-fA-F:.]*|[A-Za-z0-9.-]+)$/,
          "must be a host name or IP address to listen on",
        )
        .optional(),
    ),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, wholeNumber(0, 10).default(0)),
    // Limits at the socket (server.ts; docs/operations.md gives the worst case they allow).
    HEADERS_TIMEOUT_MS: z.preprocess(emptyAsUndefined, wholeNumber(500, 120_000).default(10_000)),
    BODY_TIMEOUT_MS: z.preprocess(emptyAsUndefined, wholeNumber(500, 300_000).default(10_000)),
    KEEP_ALIVE_TIMEOUT_MS: z.preprocess(emptyAsUndefined, wholeNumber(100, 120_000).default(5_000)),
    MAX_HEADERS_COUNT: z.preprocess(emptyAsUndefined, wholeNumber(10, 2_000).default(100)),
    MAX_CONNECTIONS: z.preprocess(emptyAsUndefined, wholeNumber(10, 100_000).default(1_000)),
    MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyAsUndefined, wholeNumber(1, 100_000).default(100)),
    SHUTDOWN_GRACE_MS: z.preprocess(emptyAsUndefined, wholeNumber(0, 60_000).default(5_000)),
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((v) => /^smtps?:\/\//.test(v), "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default("Walking Trails <no-reply@walkingtrails.local>"),
    MAIL_OUTBOX_DIR: z.string().min(1).default(".data/outbox"),
    // Every new report of a problem is mailed to the admins; REPORT_MAIL=false sends none (the Reports
    // area lists them either way).
    REPORT_MAIL: z.preprocess(emptyAsUndefined, booleanFlag.default(true)),
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email({ error: "must be an email address" }).optional()),
    ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8, "must be at least 8 characters").optional()),
    ADMIN_USERNAME: z.string().min(1).max(50).default("admin"),
    SEED: z.preprocess(emptyAsUndefined, booleanFlag.default(true)),
    // The sample campus (its trails, benches, videos and settings) on the first start; false: only the
    // first administrator, for a campus of its own (docs/operations.md, "Setting up a new campus").
    SAMPLE_DATA: z.preprocess(emptyAsUndefined, booleanFlag.default(true)),
    MAP_TILE_URL: z.string().min(1).default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_TILE_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
    VIDEO_EMBED_HOST: z
      .url({ error: "must be a URL such as https://www.youtube-nocookie.com" })
      .default("https://www.youtube-nocookie.com"),
    // Video stills are fetched by the server (never by a visitor's browser) from these hosts; tests
    // point them at a stand-in on this machine. VIDEO_THUMBNAILS=false fetches none.
    VIDEO_THUMBNAILS: z.preprocess(emptyAsUndefined, booleanFlag.default(true)),
    VIDEO_THUMBNAIL_HOST: z.preprocess(
      emptyAsUndefined,
      fetchOrigin("https://i.ytimg.com").default("https://i.ytimg.com"),
    ),
    VIMEO_OEMBED_HOST: z.preprocess(emptyAsUndefined, fetchOrigin("https://vimeo.com").default("https://vimeo.com")),
    VIMEO_THUMBNAIL_HOST: z.preprocess(
      emptyAsUndefined,
      fetchOrigin("https://i.vimeocdn.com").default("https://i.vimeocdn.com"),
    ),
    // How often stills still missing (a host was unreachable) are tried again; 0 only on demand.
    VIDEO_THUMBNAIL_RETRY_SECONDS: z.preprocess(emptyAsUndefined, wholeNumber(0, 86_400).default(300)),
    HOUSEKEEPING_INTERVAL_SECONDS: z.preprocess(emptyAsUndefined, wholeNumber(0, 86_400).default(3_600)),
    // Hosts whose video files (.mp4, .webm) play in the page; the CSP's media-src lists exactly these.
    VIDEO_MEDIA_ORIGINS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .refine(isHttpsOrigin, "must list https origins separated by commas, e.g. https://media.example.edu")
            .transform((origin) => new URL(origin).origin),
        ),
      ),
    CORS_ORIGINS: z.string().default(""),
    RATE_LIMIT_FACTOR: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: "must be a number, 0 or more" })
        .min(0, { error: "must be a number, 0 or more" })
        .default(1),
    ),
    LOG_LEVEL: z
      .enum(["debug", "info", "warn", "error", "silent"], { error: "must be one of debug, info, warn, error, silent" })
      .default("info"),
  })
  .superRefine((value, ctx) => {
    if (value.NODE_ENV === "production" && !value.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
    // Links in mails and every origin decision come from APP_URL, never from a request's Host header.
    if (value.NODE_ENV === "production" && !value.APP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message: "is required in production (the public address, e.g. https://trails.example.edu)",
      });
    }
    if (
      value.NODE_ENV === "production" &&
      value.APP_URL &&
      URL.canParse(value.APP_URL) &&
      !isSecureOrLoopback(new URL(value.APP_URL))
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message: "must use https:// in production unless it is a loopback address",
      });
    }
    if (Boolean(value.ADMIN_EMAIL) !== Boolean(value.ADMIN_PASSWORD)) {
      const missing = value.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL";
      ctx.addIssue({ code: "custom", path: [missing], message: "must be set together with the other admin variable" });
    }
  });

type Env = Omit<z.infer<typeof envSchema>, "APP_URL"> & {
  SESSION_SECRET: string;
  /** Always set: configured, or the local address outside production. */
  APP_URL: string;
  /** Cookies are Secure whenever the app is served over https. */
  COOKIE_SECURE: boolean;
};

/** An https origin and nothing more (no path, query or credentials): https://media.example.edu[:port]. */
function isHttpsOrigin(value: string) {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.origin === value.replace(/\/$/, "");
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** True for localhost, 127.0.0.0/8 and ::1: addresses only this machine can reach. */
export function isLoopbackHost(hostname: string) {
  return LOOPBACK_HOSTS.test(hostname);
}

/** Plain http is acceptable only where no network sits between browser and server. */
function isSecureOrLoopback(url: URL) {
  return url.protocol === "https:" || isLoopbackHost(url.hostname);
}

/** One line per problem, each naming its variable, so a misconfigured deploy says what to fix. */
export function describeEnvErrors(error: z.ZodError): string {
  return error.issues
    .map((issue) => `Invalid configuration: ${issue.path.join(".") || "environment"} ${issue.message}`)
    .join("\n");
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.parse(source);
  const appUrl = new URL(parsed.APP_URL ?? `http://localhost:${parsed.PORT ?? 3000}`).origin;
  return {
    ...parsed,
    // Outside production a fixed secret keeps local sessions working across restarts.
    SESSION_SECRET: parsed.SESSION_SECRET ?? "walking-trails-development-secret",
    APP_URL: appUrl,
    COOKIE_SECURE: appUrl.startsWith("https:"),
  };
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof z.ZodError) {
      console.error(describeEnvErrors(error));
      process.exit(1);
    }
    throw error;
  }
}

declare global {
  var __walkingTrailsEnv: Env | undefined;
}

// One configuration per process, like the database: tests run the built server beside the source
// modules, and a setting a test changes must reach both copies.
export const env = (globalThis.__walkingTrailsEnv ??= loadEnv());
