import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, TextAreaField } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { RATING_WORDS, RATINGS, REVIEW_BODY_MAX, REVIEW_SAVED_MESSAGE, reviewEligibility, reviewSchema } from "~/reviews/rules";
import { reviewFacts, saveReview } from "~/reviews/reviews.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/instructors+/$id_.write-a-review";

/** The educator the URL names and what the viewer has done with them; 404 for anyone who is no reviewable educator. */
async function findEducator(idParam: string | undefined, viewerId: number) {
  const id = parseRecordId(idParam);
  const found = id === null ? undefined : await reviewFacts(id, viewerId);
  if (!found) throw notFound("There is no such educator.");
  return found;
}

/**
 * /instructors/{id}/write-a-review (SPEC §2), for tutors and instructors alike: the viewer's
 * review of the educator, prefilled when they wrote one, or why they cannot write one yet.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const { educator, ownReview, facts } = await findEducator(params.id, session.user.id);
  const eligibility = reviewEligibility(session.user.id, educator, facts, new Date());
  return {
    educator: { name: `${educator.firstName} ${educator.lastName}`, profilePath: educator.profilePath },
    review: ownReview,
    refusal: eligibility.kind === "refused" ? eligibility.message : null,
  };
}

/** POST: saves the review (one per student and educator) and goes back to the educator's profile. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const { educator, facts } = await findEducator(params.id, session.user.id);
  const submission = parseWithZod(await request.formData(), { schema: reviewSchema });
  const eligibility = reviewEligibility(session.user.id, educator, facts, new Date());
  if (eligibility.kind === "refused") return data({ result: submission.reply({ formErrors: [eligibility.message] }) }, { status: 403 });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveReview(educator.id, session.user.id, submission.value);
  throw await redirectWithToast(educator.profilePath, { type: "success", message: REVIEW_SAVED_MESSAGE });
}

export default function WriteReviewPage() {
  const { educator, review, refusal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const sent = answer?.result.initialValue;
  const rating = String(sent?.rating ?? review?.rating ?? "");
  const body = typeof sent?.body === "string" ? sent.body : (review?.body ?? "");
  const heading = review ? `Edit your review of ${educator.name}` : `Review ${educator.name}`;
  return (
    <Container size="2" px="4" py="6">
      <Text as="p" size="2" mb="2">
        <Link to={educator.profilePath}>Back to {educator.name}'s profile</Link>
      </Text>
      <Heading as="h1" size="7" mb="4">
        {heading}
      </Heading>
      {refusal ? (
        <Text as="p">{refusal}</Text>
      ) : (
        <Form method="post">
          <CsrfInput />
          <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
          {review?.hidden ? (
            <Text as="p" color="gray" mb="3">
              Staff have hidden this review from the profile. Editing it does not show it again.
            </Text>
          ) : null}
          <Flex direction="column" gap="4">
            <fieldset className="form-fieldset" aria-describedby={answer?.result.error?.rating ? "rating-error" : undefined}>
              <legend>Your rating</legend>
              <div className="reviews-ratings">
                {RATINGS.map((value) => (
                  <label key={value}>
                    <input type="radio" name="rating" value={value} defaultChecked={rating === String(value)} required />
                    {value} {value === 1 ? "star" : "stars"}: {RATING_WORDS[value]}
                  </label>
                ))}
              </div>
              {answer?.result.error?.rating ? (
                <Text id="rating-error" size="2" color="red" role="alert">
                  {answer.result.error.rating.join(" ")}
                </Text>
              ) : null}
            </fieldset>
            <TextAreaField
              label="Your review"
              name="body"
              rows={8}
              maxLength={REVIEW_BODY_MAX}
              required
              defaultValue={body}
              hint="What was it like to learn with them? Up to 4,000 characters; your first name and last initial show with it."
              errors={answer?.result.error?.body ?? undefined}
            />
            <div>
              <Button type="submit" disabled={busy}>
                {review ? "Save your review" : "Post your review"}
              </Button>
            </div>
          </Flex>
        </Form>
      )}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.review ? "Edit your review" : "Write a review"}${page ? ` of ${page.educator.name}` : ""} — Marketplace` },
  { name: "robots", content: "noindex" },
];
