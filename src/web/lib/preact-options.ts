import { Fragment, options, type VNode } from 'preact';

/**
 * What React does that Preact's compat layer leaves to us (docs/decisions/0043), one hook over
 * every element as it is created:
 * - `suppressHydrationWarning` is React's alone; written out it would be an attribute.
 * - In the browser Preact renders into `document.documentElement`, so the layout's `<html>` is
 *   that element and its children are the head and the body.
 * - `autoFocus`: React focuses such an element once, when it is first mounted.
 * - A `<script>` React draws in the browser does not run: its scripts are the page's own, which
 *   ran when the page was served (the page drawn again after an error would run them twice).
 * - The build's render writes `class` first, as React did: the server finds its slots in the
 *   pages by their markup (`shared/receiving-hours.ts` and its siblings).
 */
const previous = options.vnode;
const inBrowser = typeof document !== 'undefined';
const autoFocused = new WeakSet<Element>();

type Props = Record<string, unknown>;
type Ref = ((el: Element | null) => unknown) | { current: Element | null } | null | undefined;

function focusOnMount(vnode: VNode) {
  const own = vnode.ref as Ref;
  (vnode as { ref: Ref }).ref = (el) => {
    if (el && !autoFocused.has(el)) {
      autoFocused.add(el);
      (el as HTMLElement).focus();
    }
    if (typeof own === 'function') return own(el);
    if (own) own.current = el;
    return undefined;
  };
}

options.vnode = (vnode) => {
  previous?.(vnode);
  if (typeof vnode.type !== 'string') return;
  const props = vnode.props as Props;
  delete props.suppressHydrationWarning;
  if (!inBrowser) {
    // `class` first, as written and as React writes it: the server finds its slots by their markup
    if ('class' in props) (vnode as { props: Props }).props = { class: props.class, ...props };
    return;
  }
  if (vnode.type === 'html') (vnode as { type: unknown }).type = Fragment;
  else if (vnode.type === 'script') props.type = 'text/plain';
  else if (props.autoFocus) focusOnMount(vnode);
};
