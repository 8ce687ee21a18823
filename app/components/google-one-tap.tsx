import { useEffect } from "react";
import { GOOGLE_CLIENT_SCRIPT, shouldProceedWithGoogleCredential } from "~/accounts/omniauth/one-tap";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: unknown) => void;
        auto_select?: boolean;
        cancel_on_tap_outside?: boolean;
        use_fedcm_for_prompt?: boolean;
      }): void;
      prompt(): void;
      cancel(): void;
    };
  };
}

/**
 * Google's one-tap prompt for guests (SPEC §1 app bar, §5). Progressive: it renders nothing and
 * only loads Google's script in the browser once React has hydrated, so without JavaScript the
 * page is untouched. When Google hands back a credential, it is posted to /omniauth as an
 * ordinary form (with our CSRF token), which signs in and redirects; a dismissed prompt does nothing.
 */
export function GoogleOneTap({ clientId }: { clientId: string }) {
  useEffect(() => {
    let cancelled = false;
    const start = () => {
      const google = (window as { google?: GoogleIdentity }).google;
      if (cancelled || !google?.accounts?.id) return;
      google.accounts.id.initialize({
        client_id: clientId,
        cancel_on_tap_outside: true,
        use_fedcm_for_prompt: true,
        callback: (response) => {
          if (shouldProceedWithGoogleCredential(response)) postCredential(response.credential);
        },
      });
      google.accounts.id.prompt();
    };
    let script = document.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_CLIENT_SCRIPT}"]`);
    if (script && (window as { google?: GoogleIdentity }).google) {
      start();
    } else {
      if (!script) {
        script = document.createElement("script");
        script.src = GOOGLE_CLIENT_SCRIPT;
        script.async = true;
        document.head.appendChild(script);
      }
      script.addEventListener("load", start, { once: true });
    }
    return () => {
      cancelled = true;
      (window as { google?: GoogleIdentity }).google?.accounts?.id?.cancel();
    };
  }, [clientId]);
  return null;
}

/** Submits the credential the way Google's own form post would, plus our CSRF token. */
function postCredential(credential: string) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = "/omniauth";
  form.hidden = true;
  const fields: Record<string, string> = {
    credential,
    csrf_token: document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "",
    redirect_to: `${window.location.pathname}${window.location.search}`,
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
