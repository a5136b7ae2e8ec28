/** The Response a loader or action threw (a redirect, a 403, a 404); fails the test when nothing was thrown. */
export async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected a thrown response");
}
