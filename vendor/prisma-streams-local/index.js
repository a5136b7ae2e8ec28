// `prisma dev` is the only caller; this project runs its own embedded database instead (npm start).
export async function startLocalDurableStreamsServer() {
  throw new Error("`prisma dev` is not supported in this project: run `npm start` (embedded PGlite) instead.");
}
