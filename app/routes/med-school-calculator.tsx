import { Badge, Button, Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { FormField } from "~/components/form-field";
import { listMedSchools } from "~/mcat/mcat.server";
import { calculatorSchema, CHANCE_LABELS, MCAT_MAX, MCAT_MIN, rankSchools, type Chance } from "~/mcat/med-school-calculator";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

const CHANCE_COLORS: Record<Chance, "green" | "indigo" | "amber" | "red"> = { strong: "green", competitive: "indigo", reach: "amber", unlikely: "red" };

/** A GET form: the answer is a page of its own, bookmarkable, and works without JavaScript. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/med-school-calculator");
  const params = new URL(request.url).searchParams;
  const schools = await listMedSchools();
  const asked = params.has("gpa") || params.has("mcat");
  const input = { gpa: params.get("gpa") ?? "", mcat: params.get("mcat") ?? "" };
  if (!asked) return { input, errors: null, results: null, schoolCount: schools.length };
  const parsed = calculatorSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
    return { input, errors, results: null, schoolCount: schools.length };
  }
  return { input, errors: null, results: rankSchools(parsed.data, schools), schoolCount: schools.length };
}

export default function MedSchoolCalculatorPage() {
  const { input, errors, results, schoolCount } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Med school calculator
      </Heading>
      <Text as="p" mb="5">
        Enter your cumulative GPA and MCAT score to see how you compare with the median admitted student at {schoolCount} medical schools in Canada and the
        US.
      </Text>
      <Form method="get" aria-label="Your GPA and MCAT score">
        <Flex gap="4" wrap="wrap" align="end" mb="5">
          <FormField label="GPA (0 to 4.0)" name="gpa" id="gpa" inputMode="decimal" defaultValue={input.gpa} errors={errors?.gpa} required />
          <FormField label={`MCAT score (${MCAT_MIN} to ${MCAT_MAX})`} name="mcat" id="mcat" inputMode="numeric" defaultValue={input.mcat} errors={errors?.mcat} required />
          <Button type="submit" size="3">
            Calculate
          </Button>
        </Flex>
      </Form>
      {results ? (
        <>
          <Callout.Root mb="4" role="status">
            <Callout.Text>
              With a {input.gpa} GPA and a {input.mcat} MCAT you are a strong applicant at {results.filter((r) => r.chance === "strong").length} and competitive at{" "}
              {results.filter((r) => r.chance === "competitive").length} of {results.length} schools.
            </Callout.Text>
          </Callout.Root>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">School</th>
                <th scope="col">Median GPA</th>
                <th scope="col">Median MCAT</th>
                <th scope="col">Your chance</th>
              </tr>
            </thead>
            <tbody>
              {results.map((school) => (
                <tr key={school.id}>
                  <th scope="row">
                    {school.name}
                    <Text as="div" size="1" color="gray">
                      {school.city}, {school.region_code} · class of {school.class_size}
                    </Text>
                  </th>
                  <td>{Number(school.median_gpa).toFixed(2)}</td>
                  <td>{school.median_mcat}</td>
                  <td>
                    <Badge color={CHANCE_COLORS[school.chance]}>{CHANCE_LABELS[school.chance]}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Text as="p" size="2" color="gray" mt="3">
            An estimate from GPA and MCAT alone: schools also weigh experience, interviews, essays and residency.
          </Text>
        </>
      ) : null}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Med school calculator",
    description: "Compare your GPA and MCAT score with the median admitted student at medical schools in Canada and the US.",
    path: "/med-school-calculator",
  });
