import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { forbidden } from "~/accounts/authorize.server";
import { useHydrated } from "~/community/interaction-form";
import { CsrfInput } from "~/components/csrf-input";
import { allMessages, FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { displayDateTime, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { isOfflineAnswer, offlineSafeAction } from "~/shell/offline-submission";
import { redirectWithToast } from "~/toasts/toast.server";
import { ShareForm } from "~/shares/share-views";
import { mayOnEssay, type EssayAction } from "~/writing/essay-access";
import { essayMarkdown, essayPlainText, markdownEssayHtml } from "~/writing/essay-html.server";
import { ESSAY_MESSAGES, essayActionSchema } from "~/writing/essays";
import {
  addEssayComment,
  essayPageDetails,
  resolveEssayComment,
  restoreEssayVersion,
  saveEssay,
  shareEssay,
  unshareEssay,
} from "~/writing/essays.server";
import { essayFor } from "./essay-page.server";
import { countsLabel, limitState, textCounts, type TextCounts } from "~/writing/text-counts";

const AUTOSAVE_DELAY_MS = 1500;

const RichEditor = lazy(() => import("~/writing/rich-editor"));

/** /wize-writer-dashboard/essays/{id}: the owner's editor; a shared reader's view with comments. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { essay, relation } = await essayFor(request, params, "read");
  const details = await essayPageDetails(essay.id);
  return {
    essay: { id: essay.id, title: essay.title, prompt: essay.prompt, word_limit: essay.word_limit, body: essay.body, version: essay.version },
    relation,
    markdown: relation === "owner" ? essayMarkdown(essay.body) : "",
    counts: textCounts(essayPlainText(essay.body)),
    ...details,
    versions: relation === "owner" ? details.versions : [],
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { session, essay, relation } = await essayFor(request, params, "read");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const needed: EssayAction = intent === "comment" ? "comment" : intent === "resolve" ? "resolve" : intent === "share" || intent === "unshare" ? "share" : "edit";
  if (!mayOnEssay(relation, needed)) throw forbidden(request);
  const here = `/wize-writer-dashboard/essays/${essay.id}`;
  const submission = parseWithZod(formData, { schema: essayActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), unsaved: formData.get("body")?.toString() }, { status: 400 });
  const command = submission.value;
  switch (command.intent) {
    case "save": {
      const html = command.format === "html" ? command.body : markdownEssayHtml(command.body);
      const outcome = await saveEssay({ essayId: essay.id, ownerId: session.user.id, html, title: command.title, baseVersion: command.version });
      if (outcome.kind === "stale") {
        return data({ result: submission.reply({ formErrors: [ESSAY_MESSAGES.stale] }), unsaved: command.body, stale: true, version: outcome.version }, { status: 409 });
      }
      if (command.autosave) return data({ saved: { version: outcome.version, at: new Date().toISOString() } });
      throw await redirectWithToast(here, { type: "success", message: outcome.kind === "saved" ? `Saved as version ${outcome.version}.` : "No changes to save." }, { status: 303 });
    }
    case "restore": {
      const restored = await restoreEssayVersion({ essayId: essay.id, ownerId: session.user.id, version: command.version });
      if (!restored) return data({ result: submission.reply({ formErrors: ["There is no such version."] }) }, { status: 404 });
      throw await redirectWithToast(here, { type: "success", message: `Version ${command.version} is restored as version ${restored.version}.` }, { status: 303 });
    }
    case "share": {
      const outcome = await shareEssay({ essayId: essay.id, ownerId: session.user.id, email: command.email });
      if (outcome.kind !== "shared") {
        return data({ result: submission.reply({ fieldErrors: { email: [outcome.kind === "self" ? ESSAY_MESSAGES.sharedWithSelf : ESSAY_MESSAGES.notAReviewer] } }) }, { status: 422 });
      }
      throw await redirectWithToast(here, { type: "success", message: `Shared with ${outcome.name}: they can read the essay and comment.` }, { status: 303 });
    }
    case "unshare": {
      await unshareEssay({ essayId: essay.id, userId: command.user_id });
      throw await redirectWithToast(here, { type: "success", message: "No longer shared with them." }, { status: 303 });
    }
    case "comment": {
      const outcome = await addEssayComment({ essayId: essay.id, authorId: session.user.id, quote: command.quote, near: command.near, body: command.body });
      if (outcome.kind === "quote-not-found") return data({ result: submission.reply({ fieldErrors: { quote: [ESSAY_MESSAGES.quoteNotFound] } }) }, { status: 422 });
      throw await redirectWithToast(here, { type: "success", message: "Your comment is posted." }, { status: 303 });
    }
    case "resolve": {
      const outcome = await resolveEssayComment({ essayId: essay.id, ownerId: session.user.id, commentId: command.comment_id });
      if (outcome === "not-found") return data({ result: submission.reply({ formErrors: ["There is no such comment."] }) }, { status: 404 });
      throw await redirectWithToast(here, { type: "success", message: outcome === "resolved" ? "Comment resolved." : "That comment was already resolved." }, { status: 303 });
    }
  }
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction({ background: (form) => form.get("autosave") === "1" });

/** An autosave changes nothing the page shows from its loader, and reloading would reset the editor's version. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("autosave") === "1" || isOfflineAnswer(actionResult) ? false : defaultShouldRevalidate;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = ReturnType<typeof useActionData<typeof action>>;

export default function EssayPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { essay, relation } = loaded;
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/wize-writer-dashboard">Your essays</Link>
      </Text>
      <Heading as="h1" size="8" mb="2">
        {essay.title}
      </Heading>
      {essay.prompt ? (
        <section aria-label="Prompt" className="writer-prompt">
          <p>
            <strong>Prompt:</strong> {essay.prompt}
          </p>
        </section>
      ) : null}
      {relation === "owner" ? <OwnerEditor loaded={loaded} answer={answer} /> : <ReaderView loaded={loaded} answer={answer} />}
      <p className="inline-form">
        <a href={`/wize-writer-dashboard/essays/${essay.id}/export.pdf`} className="button button--soft">
          Download PDF
        </a>{" "}
        <a href={`/wize-writer-dashboard/essays/${essay.id}/export.docx`} className="button button--soft">
          Download Word document
        </a>
      </p>
      <Comments loaded={loaded} />
      {relation === "owner" ? (
        <>
          <Sharing loaded={loaded} answer={answer} />
          <ShareForm resourceType="essay" resourceId={essay.id} what="this essay (read-only, for anyone with the link)" />
          <Versions loaded={loaded} />
        </>
      ) : null}
    </Container>
  );
}

type SaveState = { kind: "idle" } | { kind: "pending" } | { kind: "saving" } | { kind: "saved"; at: string } | { kind: "error"; message: string };

function OwnerEditor({ loaded, answer }: { loaded: LoaderData; answer: ActionData }) {
  const { essay } = loaded;
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const [version, setVersion] = useState(essay.version);
  const [html, setHtml] = useState(essay.body);
  const [counts, setCounts] = useState<TextCounts>(loaded.counts);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const latest = useRef({ html, version });
  latest.current = { html, version };
  const busy = useNavigation().state === "submitting";

  // A full save or restore reloads the essay: start again from what the server has.
  useEffect(() => {
    setVersion(essay.version);
    setHtml(essay.body);
    dirty.current = false;
  }, [essay.version, essay.body]);

  const payload = useCallback(() => {
    const form = formRef.current;
    if (!form) return undefined;
    const body = new FormData(form);
    body.set("format", "html");
    body.set("body", latest.current.html);
    body.set("version", String(latest.current.version));
    body.set("autosave", "1");
    return body;
  }, []);

  const saveNow = useCallback(() => {
    clearTimeout(timer.current);
    if (!dirty.current || fetcher.state !== "idle") return;
    const body = payload();
    if (!body) return;
    dirty.current = false;
    setState({ kind: "saving" });
    fetcher.submit(body, { method: "post" });
  }, [fetcher, payload]);

  useEffect(() => {
    const answered = fetcher.data;
    if (fetcher.state !== "idle" || !answered) return;
    if ("saved" in answered && answered.saved) {
      setVersion(answered.saved.version);
      setState({ kind: "saved", at: answered.saved.at });
      // Typing that went on during the save goes out next.
      if (dirty.current) timer.current = setTimeout(saveNow, AUTOSAVE_DELAY_MS);
    } else if (isOfflineAnswer(answered)) {
      // Kept in the editor and sent again with the next change, blur or page hide.
      dirty.current = true;
      setState({ kind: "error", message: ESSAY_MESSAGES.offline });
    } else if ("stale" in answered && answered.stale) {
      setState({ kind: "error", message: ESSAY_MESSAGES.stale });
    } else if ("result" in answered) {
      setState({ kind: "error", message: allMessages(answered.result)?.join(" ") || "Your last changes could not be saved." });
    }
  }, [fetcher.state, fetcher.data, saveNow]);

  // Leaving the page (closing the tab, switching away) sends what is unsaved.
  useEffect(() => {
    const flush = () => {
      if (!dirty.current) return;
      const body = payload();
      if (body && navigator.sendBeacon(window.location.pathname, body)) dirty.current = false;
    };
    const onHide = () => document.visibilityState === "hidden" && flush();
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", flush);
    };
  }, [payload]);

  const onChange = useCallback(
    (nextHtml: string, text: string) => {
      setCounts(textCounts(text));
      if (nextHtml === latest.current.html) return;
      setHtml(nextHtml);
      latest.current.html = nextHtml;
      dirty.current = true;
      setState({ kind: "pending" });
      clearTimeout(timer.current);
      timer.current = setTimeout(saveNow, AUTOSAVE_DELAY_MS);
    },
    [saveNow],
  );

  const over = limitState(counts.words, essay.word_limit);
  const unsaved = answer && "unsaved" in answer && typeof answer.unsaved === "string" ? answer.unsaved : undefined;
  const statusText =
    state.kind === "saving" ? "Saving…" : state.kind === "pending" ? "Unsaved changes" : state.kind === "saved" ? "All changes saved" : state.kind === "error" ? state.message : hydrated ? "Saves as you type" : "";
  return (
    <Form method="post" ref={formRef} className="stack" aria-label="Edit your essay">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={version} />
      <FormErrors errors={allMessages(answer && "result" in answer ? answer.result : undefined)} />
      <FormField label="Title" name="title" defaultValue={essay.title} maxLength={120} required onChange={() => ((dirty.current = true), setState({ kind: "pending" }), clearTimeout(timer.current), (timer.current = setTimeout(saveNow, AUTOSAVE_DELAY_MS)))} />
      {hydrated && unsaved === undefined ? (
        <>
          <input type="hidden" name="format" value="html" />
          <input type="hidden" name="body" value={html} />
          <p className="field-label" id="essay-editor-label">
            Your essay
          </p>
          <Suspense fallback={<p className="muted">Loading the editor…</p>}>
            <RichEditor key={essay.version} initialHtml={essay.body} label="Your essay" onChange={onChange} onBlur={saveNow} />
          </Suspense>
        </>
      ) : (
        <>
          <input type="hidden" name="format" value="markdown" />
          <TextAreaField
            label="Your essay"
            name="body"
            rows={18}
            defaultValue={unsaved ?? loaded.markdown}
            hint="Leave a blank line between paragraphs. **Bold**, *italic*, “## ” starts a heading, “- ” a list item, “> ” a quote."
          />
        </>
      )}
      <p className={`writer-counts writer-counts--${over}`} data-testid="essay-counts">
        {countsLabel(counts, essay.word_limit)}
      </p>
      <p className="inline-form">
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
        <span role="status" aria-live="polite" data-testid="save-status" className="muted">
          {statusText}
        </span>
      </p>
    </Form>
  );
}

function ReaderView({ loaded, answer }: { loaded: LoaderData; answer: ActionData }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const busy = useNavigation().state === "submitting";
  const result = answer && "result" in answer ? answer.result : undefined;
  const errors = result && "error" in result ? (result.error as Record<string, string[] | undefined> | undefined) : undefined;

  // Selecting text in the essay fills in the passage the comment is about.
  const takeSelection = () => {
    const selection = window.getSelection();
    const text = selection?.toString().trim();
    if (!selection || !text || !bodyRef.current?.contains(selection.anchorNode)) return;
    const quote = document.getElementById("quote");
    if (quote instanceof HTMLTextAreaElement) quote.value = text.slice(0, 1000);
    const range = selection.getRangeAt(0).cloneRange();
    range.selectNodeContents(bodyRef.current);
    range.setEnd(selection.getRangeAt(0).startContainer, selection.getRangeAt(0).startOffset);
    const near = document.getElementById("comment-near");
    if (near instanceof HTMLInputElement) near.value = String(range.toString().length);
  };

  return (
    <>
      <Text as="p" color="gray">
        Shared with you: you can read this essay and comment on passages. {loaded.essay.word_limit ? `Word limit: ${loaded.essay.word_limit}.` : ""}
      </Text>
      <div ref={bodyRef} className="writer-document writer-document--read" onMouseUp={takeSelection} onKeyUp={takeSelection} dangerouslySetInnerHTML={{ __html: loaded.essay.body }} />
      <p className="writer-counts">{countsLabel(loaded.counts, loaded.essay.word_limit)}</p>
      <Form method="post" className="stack" aria-labelledby="comment-heading">
        <Heading as="h2" size="5" id="comment-heading" mt="4">
          Comment on a passage
        </Heading>
        <CsrfInput />
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="near" id="comment-near" />
        <FormErrors errors={result && "error" in result ? (errors?.[""] ?? undefined) : undefined} />
        <TextAreaField
          label="Passage you are commenting on"
          name="quote"
          rows={2}
          maxLength={1000}
          required
          hint="Select it in the essay, or copy it here exactly as written."
          errors={errors?.quote ?? undefined}
        />
        <TextAreaField label="Your comment" name="body" rows={3} maxLength={2000} required errors={errors?.body ?? undefined} />
        <p>
          <button type="submit" className="button" disabled={busy}>
            Post comment
          </button>
        </p>
      </Form>
    </>
  );
}

function Comments({ loaded }: { loaded: LoaderData }) {
  const { comments, relation } = loaded;
  const open = comments.filter((comment) => !comment.resolved_at);
  const resolved = comments.filter((comment) => comment.resolved_at);
  const busy = useNavigation().state === "submitting";
  const item = (comment: (typeof comments)[number]) => (
    <li key={comment.id} id={`comment-${comment.id}`} className="writer-comment">
      <blockquote>
        <mark>{comment.quote}</mark>
      </blockquote>
      <p>{comment.body}</p>
      <p className="muted">
        {comment.author_name} · <time dateTime={isoOf(comment.created_at)}>{displayDateTime(comment.created_at)}</time>
        {comment.resolved_at ? " · resolved" : ""}
      </p>
      {relation === "owner" && !comment.resolved_at ? (
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="resolve" />
          <input type="hidden" name="comment_id" value={comment.id} />
          <button type="submit" className="button button--soft" disabled={busy}>
            Resolve<span className="visually-hidden"> the comment on “{comment.quote.slice(0, 40)}”</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
  return (
    <section aria-labelledby="comments-heading">
      <Heading as="h2" size="5" id="comments-heading" mt="6" mb="2">
        Comments ({open.length} open)
      </Heading>
      {comments.length === 0 ? <p className="muted">No comments yet.</p> : null}
      {open.length ? <ul className="stack-list" aria-label="Open comments">{open.map(item)}</ul> : null}
      {resolved.length ? (
        <details>
          <summary>Resolved comments ({resolved.length})</summary>
          <ul className="stack-list" aria-label="Resolved comments">
            {resolved.map(item)}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function Sharing({ loaded, answer }: { loaded: LoaderData; answer: ActionData }) {
  const busy = useNavigation().state === "submitting";
  const result = answer && "result" in answer ? answer.result : undefined;
  const emailErrors = result && "error" in result ? ((result.error as Record<string, string[] | undefined> | undefined)?.email ?? undefined) : undefined;
  return (
    <section aria-labelledby="sharing-heading">
      <Heading as="h2" size="5" id="sharing-heading" mt="6" mb="2">
        Shared with
      </Heading>
      {loaded.collaborators.length === 0 ? (
        <p className="muted">Only you can see this essay.</p>
      ) : (
        <ul className="stack-list">
          {loaded.collaborators.map((person) => (
            <li key={person.id}>
              {person.name} ({person.email}){" "}
              <Form method="post" className="inline-form">
                <CsrfInput />
                <input type="hidden" name="intent" value="unshare" />
                <input type="hidden" name="user_id" value={person.id} />
                <button type="submit" className="button button--soft" disabled={busy}>
                  Stop sharing<span className="visually-hidden"> with {person.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="inline-form" aria-label="Share with an instructor or tutor">
        <CsrfInput />
        <input type="hidden" name="intent" value="share" />
        <FormField label="Instructor's or tutor's email" name="email" type="email" required maxLength={254} errors={emailErrors} />
        <button type="submit" className="button button--soft" disabled={busy}>
          Share
        </button>
      </Form>
    </section>
  );
}

function Versions({ loaded }: { loaded: LoaderData }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="versions-heading">
      <Heading as="h2" size="5" id="versions-heading" mt="6" mb="2">
        Version history
      </Heading>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Saved</th>
            <th scope="col">Words</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {loaded.versions.map((version) => (
            <tr key={version.version}>
              <td>
                <Link to={`/wize-writer-dashboard/essays/${loaded.essay.id}/versions/${version.version}`}>Version {version.version}</Link>
                {version.restored_from ? <span className="muted"> (restored from {version.restored_from})</span> : null}
                {version.version === loaded.essay.version ? <span className="muted"> (current)</span> : null}
              </td>
              <td>
                <time dateTime={isoOf(version.created_at)}>{displayDateTime(version.created_at)}</time>
              </td>
              <td>{version.words}</td>
              <td>
                {version.version !== loaded.essay.version ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="version" value={version.version} />
                    <button type="submit" className="button button--soft" disabled={busy}>
                      Restore<span className="visually-hidden"> version {version.version}</span>
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded, params }) =>
  metaFor(matches, { title: loaded?.essay.title ?? "Essay", description: "An essay in Wize Writer.", path: `/wize-writer-dashboard/essays/${params.id}`, noindex: true });
