import type { SessionUser } from "~/utils/session.server";

// Placeholder until the trail area lands: the control panel shell dispatches here.
export async function loadTrailArea(_url: URL, _admin: SessionUser) {
  return { ready: false as const };
}

export async function trailAction(_request: Request, _formData: FormData, _admin: SessionUser): Promise<Response | { error: string }> {
  return { error: "This area is not available yet." };
}
