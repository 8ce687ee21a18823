import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { displayDate } from "~/formatting/display";
import { averageRating, filledStars, ratingLabel, writeReviewPath, type ReviewTotals } from "~/reviews/rules";

export interface ReviewSectionData {
  totals: ReviewTotals;
  reviews: { id: number; rating: number; body: string; reviewer: string; createdAt: Date | string; hidden: boolean; own: boolean }[];
  /** What the viewer is offered: sign in first (a guest), write or edit their review, or nothing. */
  write: "sign-in" | "write" | "edit" | null;
  mayModerate: boolean;
}

/** Five stars, the first `filled` solid; decoration beside a rating written out in words. */
function Stars({ filled }: { filled: number }) {
  return (
    <span className="reviews-stars" aria-hidden="true">
      {"★".repeat(filled)}
      <span className="reviews-stars-empty">{"★".repeat(5 - filled)}</span>
    </span>
  );
}

/** "Ratings and reviews" on /instructors/{id} and /tutors/{id}. */
export function ReviewSection({ educatorId, data }: { educatorId: number; data: ReviewSectionData }) {
  const average = averageRating(data.totals);
  const formPath = writeReviewPath(educatorId);
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="section-heading">
        Ratings and reviews
      </h2>
      <p className="reviews-summary">
        {average === null ? null : <Stars filled={filledStars(average)} />}
        <span>{ratingLabel(data.totals)}</span>
      </p>
      {data.write === "sign-in" ? (
        <p>
          <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(formPath)}`}>Sign in to write a review</Link>
        </p>
      ) : data.write ? (
        <p>
          <Link to={formPath}>{data.write === "edit" ? "Edit your review" : "Write a review"}</Link>
        </p>
      ) : null}
      {data.reviews.length > 0 ? (
        <ul className="reviews-list">
          {data.reviews.map((review) => (
            <li key={review.id} className="tile reviews-item" data-hidden={review.hidden || undefined}>
              <p className="reviews-rating">
                <Stars filled={review.rating} />
                <span>{review.rating} out of 5</span>
              </p>
              <p className="tile-text reviews-body">{review.body}</p>
              <p className="tile-meta">
                {review.reviewer}
                {review.own ? " (you)" : null} · {displayDate(review.createdAt)}
                {review.hidden ? <strong className="reviews-hidden-mark"> · Hidden{data.mayModerate ? "" : ": only you and staff can see it"}</strong> : null}
              </p>
              {data.mayModerate ? (
                <Form method="post" action={`/reviews/${review.id}/visibility`} className="inline-form">
                  <CsrfInput />
                  <button type="submit" name="intent" value={review.hidden ? "show" : "hide"} className="button button--soft reviews-moderate" aria-label={`${review.hidden ? "Show" : "Hide"} the review by ${review.reviewer}`}>
                    {review.hidden ? "Show" : "Hide"}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
