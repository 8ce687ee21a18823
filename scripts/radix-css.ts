/**
 * Radix Themes ships one stylesheet for all of its components (≈430 KB before gzip), and every
 * page blocks its first paint on the site's stylesheet. The site uses a dozen of those
 * components, so the build drops the rules of the ones it never renders (vite.config.ts runs
 * `dropUnusedRadixComponents` over app.css after its @imports are inlined).
 * tests/unit/styles/radix-css.test.ts fails when app code starts using one of them: take it off
 * this list then.
 */
import type { AtRule, Plugin, Root, Rule } from "postcss";

/** Components the site does not use, each with the class names its styles hang on. */
export const UNUSED_RADIX_COMPONENTS: Record<string, readonly string[]> = {
  AlertDialog: ["AlertDialog", "BaseDialog"],
  Avatar: ["Avatar"],
  Blockquote: ["Blockquote"],
  CheckboxCards: ["CheckboxCards", "CheckboxCard"],
  Checkbox: ["Checkbox", "BaseCheckbox"],
  CheckboxGroup: ["CheckboxGroup", "BaseCheckbox"],
  Code: ["Code"],
  ContextMenu: ["ContextMenu", "BaseMenu"],
  DataList: ["DataList"],
  Dialog: ["Dialog", "BaseDialog"],
  DropdownMenu: ["DropdownMenu", "BaseMenu"],
  Em: ["Em"],
  HoverCard: ["HoverCard", "Popper"],
  IconButton: ["IconButton"],
  Inset: ["Inset"],
  Kbd: ["Kbd"],
  Popover: ["Popover", "Popper"],
  Progress: ["Progress"],
  Quote: ["Quote"],
  Radio: ["Radio", "BaseRadio"],
  RadioCards: ["RadioCards"],
  RadioGroup: ["RadioGroup", "BaseRadio"],
  ScrollArea: ["ScrollArea"],
  SegmentedControl: ["SegmentedControl"],
  Select: ["Select", "BaseMenu", "Popper"],
  Skeleton: ["Skeleton"],
  Slider: ["Slider"],
  Strong: ["Strong"],
  Switch: ["Switch"],
  TabNav: ["TabNav", "BaseTab"],
  Tabs: ["Tabs", "BaseTab"],
  ThemePanel: ["ThemePanel"],
  Tooltip: ["Tooltip", "Popper"],
};

const unusedClasses = [...new Set(Object.values(UNUSED_RADIX_COMPONENTS).flat())];
// `.rt-Select` and its parts (`.rt-SelectTrigger`), not `.rt-Selected…`: a part name starts upper-case.
const unusedClass = new RegExp(`\\.rt-(?:${unusedClasses.join("|")})(?![a-z0-9_-])`);

/**
 * A selector that needs an element with an unused component's class never matches. Classes
 * inside :not(…) do not make it unmatchable, so they are ignored.
 */
export function selectsUnusedComponent(selector: string): boolean {
  return unusedClass.test(selector.replace(/:not\([^()]*\)/g, ""));
}

function removeEmptyParents(node: Rule | AtRule) {
  let parent = node.parent;
  node.remove();
  while (parent && parent.type === "atrule" && (parent.nodes?.length ?? 0) === 0) {
    const next: typeof parent.parent = parent.parent;
    parent.remove();
    parent = next;
  }
}

export function dropUnusedRadixComponents(): Plugin {
  return {
    postcssPlugin: "drop-unused-radix-components",
    OnceExit(root: Root) {
      root.walkRules((rule) => {
        if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as AtRule).name)) return;
        const kept = rule.selectors.filter((selector) => !selectsUnusedComponent(selector));
        if (kept.length === 0) removeEmptyParents(rule);
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      // Keyframes only the dropped components animated with (any declaration may name one,
      // custom properties included).
      const animated = new Set<string>();
      root.walkDecls((decl) => {
        for (const word of decl.value.split(/[\s,()]+/)) animated.add(word);
      });
      root.walkAtRules(/keyframes$/, (atRule) => {
        if (!animated.has(atRule.params.trim())) atRule.remove();
      });
    },
  };
}
