import type { FetcherWithComponents } from "@remix-run/react";
import type { ComponentProps, ComponentType } from "react";

/**
 * The element a shared form renders as: the page's <Form> (a submit navigates) or a fetcher's
 * <Form> (a submit stays in its dialog, and a redirect still navigates).
 */
export type FormElement = ComponentType<ComponentProps<FetcherWithComponents<unknown>["Form"]>>;
