import { requireRouteAccess } from "~/accounts/authorize.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { serialize, toResource } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId, parseInclude } from "~/api/handler.server";
import { courseResource, schoolResource } from "~/api/resources/catalog";
import { coursesBySchool, findSchool } from "~/catalog/schools.server";

/** GET /api/v1/schools/{id}?include=courses */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, "routes/api+/v1+/schools+/$id");
    const id = parseId(params.id, "school");
    const include = parseInclude(new URL(request.url), ["courses"]);
    const school = await findSchool(id);
    if (!school) notFound("school", params.id);
    const courses = include.has("courses") ? (await coursesBySchool([id])).get(id) ?? [] : undefined;
    return apiResponse(
      serialize(schoolResource(courses ? new Map([[id, courses.map((c) => c.id)]]) : undefined), school, {
        included: courses?.map((course) => toResource(courseResource, course)),
      }),
    );
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
