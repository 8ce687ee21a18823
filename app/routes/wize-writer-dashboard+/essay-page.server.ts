import { forbidden, requireRouteAccess } from "~/accounts/authorize.server";
import type { RouteId } from "~/accounts/policy/route-rules";
import { notFound } from "~/errors/not-found.server";
import { mayOnEssay, type EssayAction } from "~/writing/essay-access";
import { essayWithRelation } from "~/writing/essays.server";

const ROUTE = "routes/wize-writer-dashboard+/essays.$id";

export function essayIdFrom(raw: string | undefined) {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** The essay and the viewer's relation to it, or the 404 everyone without one gets. */
export async function essayFor(request: Request, params: { id?: string }, action: EssayAction, route: RouteId = ROUTE) {
  const session = (await requireRouteAccess(request, route))!;
  const id = essayIdFrom(params.id);
  const found = id ? await essayWithRelation(id, session.user.id) : undefined;
  if (!found || !mayOnEssay(found.relation, "read")) throw notFound("There is no such essay.");
  if (!mayOnEssay(found.relation, action)) throw forbidden(request);
  return { session, ...found };
}

