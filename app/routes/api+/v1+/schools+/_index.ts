import { requireRouteAccess } from "~/accounts/authorize.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { paginationMeta, serialize, toResource } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, parseInclude, parsePage } from "~/api/handler.server";
import { courseResource, schoolResource } from "~/api/resources/catalog";
import { coursesBySchool, listSchools } from "~/catalog/schools.server";

const schoolType = z.enum(["university", "high_school", "k_to_8"]).optional();

/** GET /api/v1/schools?page&per_page&school_type&include=courses */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, "routes/api+/v1+/schools+/_index");
    const url = new URL(request.url);
    const { page, perPage, offset } = parsePage(url);
    const include = parseInclude(url, ["courses"]);
    const type = schoolType.safeParse(url.searchParams.get("school_type") ?? undefined);
    if (!type.success) throw new ApiError(400, "invalid_parameter", "school_type must be university, high_school or k_to_8.", { source: { parameter: "school_type" } });

    const { schools, total } = await listSchools({ offset, limit: perPage, schoolType: type.data });
    const courses = include.has("courses") ? await coursesBySchool(schools.map((s) => s.id)) : undefined;
    const courseIds = courses && new Map([...courses].map(([id, list]) => [id, list.map((c) => c.id)]));
    return apiResponse(
      serialize(schoolResource(courseIds), schools, {
        meta: paginationMeta(page, perPage, total),
        included: courses ? [...courses.values()].flat().map((course) => toResource(courseResource, course)) : undefined,
      }),
    );
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
