import type { SessionUser } from "~/utils/session.server";

// Placeholder until the profiles area lands: the control panel shell dispatches here.
export async function loadProfilesArea(_url: URL, _admin: SessionUser) {
  return { ready: false as const };
}

export async function profilesAction(_request: Request, _formData: FormData, _admin: SessionUser): Promise<Response | { error: string }> {
  return { error: "This area is not available yet." };
}
