import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Box, Container } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { contentPageMeta } from "~/content/content-meta";
import { ContentHero, ContentSections } from "~/content/content-page";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { displayDate, isoOf } from "~/formatting/display";
import { BODY_MAX_WORDS, CONTEST, contestEntrySchema, TITLE_MAX } from "~/programs/contest";
import { announcedWinners, findMyEntry } from "~/programs/contest-entries.server";
import { enterContest, todayIso } from "~/programs/scholarship-applications.server";
import { CONTEST_MESSAGES, CONTEST_UPLOAD_MESSAGES, contestPhase } from "~/programs/scholarship-rules";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

const ROUTE = "routes/contest";
const HERE = "/contest";

/**
 * /contest (SPEC §2): the contest's page and rules, its announced winners (name and title), and
 * for a signed-in person the entry form while the contest is open, or their entry once sent.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const [page, entry, winners] = await Promise.all([
    orNotFound(findSitePage(CONTEST.pageSlug)),
    session ? findMyEntry(CONTEST.key, session.user.id) : null,
    announcedWinners(CONTEST.key),
  ]);
  return {
    page,
    contest: { name: CONTEST.name, window: CONTEST.window, rules: CONTEST.rules },
    phase: contestPhase(CONTEST.window, todayIso(requestNow(request))),
    signedIn: Boolean(session),
    entry,
    winners,
    judges: session ? mayOpen(viewerFor(session), "routes/admin+/contests._index") : false,
  };
}

/** POST (multipart): one entry per person while the contest is open; the database's constraint settles a double submit. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: contestEntrySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { title, body, upload } = submission.value;
  const outcome = await enterContest(
    CONTEST.key,
    CONTEST.window,
    session.user.id,
    { title, body, upload: upload ? { name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) } : undefined },
    todayIso(requestNow(request)),
  );
  if (outcome.kind === "upcoming" || outcome.kind === "closed" || outcome.kind === "duplicate") {
    return data({ result: submission.reply({ formErrors: [CONTEST_MESSAGES[outcome.kind]] }) }, { status: 400 });
  }
  if (outcome.kind === "wrong-file" || outcome.kind === "too-large") {
    const message = outcome.kind === "wrong-file" ? CONTEST_UPLOAD_MESSAGES.wrongType : CONTEST_UPLOAD_MESSAGES.tooLarge;
    return data({ result: submission.reply({ fieldErrors: { upload: [message] } }) }, { status: outcome.kind === "wrong-file" ? 415 : 413 });
  }
  throw await redirectWithToast(`${HERE}#your-entry`, { type: "success", message: "Thank you: your entry is in. Good luck!" }, { status: 303 });
}

export const headers = guestCacheableHeaders;

export default function ContestPage() {
  const { page, contest, phase, signedIn, entry, winners, judges } = useLoaderData<typeof loader>();
  return (
    <>
      <ContentHero page={page} />
      <Container size="3" px="4" py="7">
        {winners.length > 0 ? (
          <section aria-labelledby="winners-heading" className="content-sections">
            <h2 id="winners-heading" className="content-section__heading">
              Winners
            </h2>
            <ul data-contest="winners">
              {winners.map((winner) => (
                <li key={winner.id} data-entry={winner.id}>
                  <strong>{winner.title}</strong> — {winner.name}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="rules-heading" className="content-sections">
          <h2 id="rules-heading" className="content-section__heading">
            How to enter
          </h2>
          <p className="content-section__text">
            Entries are taken from <time dateTime={contest.window.opens}>{displayDate(contest.window.opens)}</time> through{" "}
            <time dateTime={contest.window.closes}>{displayDate(contest.window.closes)}</time>.
          </p>
          <ul>
            {contest.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
        <ContentSections sections={page.sections} />
        <Box mt="7" id="enter">
          {entry ? (
            <YourEntry entry={entry} />
          ) : phase !== "open" ? (
            <p>{CONTEST_MESSAGES[phase]}</p>
          ) : signedIn ? (
            <EntryForm />
          ) : (
            <p>
              <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(HERE)}`}>Sign in</Link> to enter the contest.
            </p>
          )}
          {judges ? (
            <p>
              <Link to="/admin/contests" className="button button--soft">
                Judge the entries
              </Link>
            </p>
          ) : null}
        </Box>
      </Container>
    </>
  );
}

type Entry = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["entry"]>;

function YourEntry({ entry }: { entry: Entry }) {
  return (
    <section aria-labelledby="your-entry" data-contest="your-entry">
      <h2 id="your-entry" className="content-section__heading">
        Your entry
      </h2>
      <p>
        <strong>{entry.title}</strong> · sent <time dateTime={isoOf(entry.created_at)}>{displayDate(entry.created_at)}</time>
      </p>
      {entry.won ? <p data-contest="won">Congratulations: your entry is one of the winners.</p> : null}
      <p className="content-section__text" style={{ whiteSpace: "pre-line" }}>
        {entry.body}
      </p>
      {entry.upload_file_name ? (
        <p>
          Attached:{" "}
          <Link to={`/contest/entries/${entry.id}/file`} reloadDocument>
            {entry.upload_file_name}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function EntryForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "contest-entry",
    lastResult: actionData?.result,
    constraint: getZodConstraint(contestEntrySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contestEntrySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="entry-heading">
      <h2 id="entry-heading" className="content-section__heading">
        Your entry
      </h2>
      <Form method="post" encType="multipart/form-data" className="stack" {...getFormProps(form)}>
        <CsrfInput />
        <FormErrors errors={form.errors} />
        <FormField label="Title" hint={`At most ${TITLE_MAX} characters.`} errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} />
        <TextAreaField label="Your study method" hint={`At most ${BODY_MAX_WORDS} words: the method, the exam it helped with, and how it went.`} rows={10} errors={fields.body.errors} {...getTextareaProps(fields.body)} />
        <FormField
          label="File (optional)"
          hint="A PDF, or a PNG or JPEG picture, at most 10 MB."
          type="file"
          name={fields.upload.name}
          id={fields.upload.id}
          accept="application/pdf,image/png,image/jpeg"
          errors={fields.upload.errors}
        />
        <p>
          <button type="submit" className="button button--large" disabled={navigation.state === "submitting"}>
            Send my entry
          </button>
        </p>
      </Form>
    </section>
  );
}

export const meta = contentPageMeta(HERE);
