import { useEffect, useRef } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { useNavigate } from 'react-router';
import { loadPart } from '../../lib/lazy';
import { whenIdle } from '../../lib/schedule';
import { DIALOG_IDS, useDialogs } from '../../lib/dialog-store';

/**
 * The Register dialog is an island (docs/decisions/0029): the server renders it, closed, into
 * its place in every customer page (entry.server.tsx), so Register opens it with no script
 * (`commandfor`), before the page's code or its own has loaded. Its code (the form, its rules
 * with zod, the date field: about 42 KB gzipped) is not the page's: it is fetched when Register is reached
 * for, and hydrates the dialog as it finds it, on a root of its own (ids prefixed, so they cannot
 * meet the page's), taking over what was typed into it meanwhile.
 */
export const REGISTER_ISLAND = { id: 'register-island', identifierPrefix: 'register-' } as const;

const loadRegister = () => import('./register-dialog');

/** The site's navigation, for the island's own root (the page's router is not above it). */
let navigateTo = (path: string) => window.location.assign(path);
let island: Promise<Root | undefined> | null = null;
/** Whether the dialog's code has run (its presses are its own from then on). */
let ready = false;

/**
 * Fetches the Register dialog's code and hydrates the dialog with it, once; settles when the
 * dialog's code has run (its effects included: the fields have taken what was typed).
 */
function wakeRegister(): Promise<unknown> {
  island ??= loadPart('register-dialog', loadRegister).then(
    ({ default: RegisterDialog }) => {
      const place = document.getElementById(REGISTER_ISLAND.id);
      if (!place) return undefined;
      return new Promise<Root>((resolve) => {
        let root: Root;
        const dialog = (
          <RegisterDialog
            goTo={(path) => navigateTo(path)}
            onReady={() => {
              ready = true;
              resolve(root);
            }}
          />
        );
        const options = { identifierPrefix: REGISTER_ISLAND.identifierPrefix };
        // As served; a page drawn in the browser (coming from the back office) has none yet.
        if (place.firstElementChild) root = hydrateRoot(place, dialog, options);
        else {
          root = createRoot(place, options);
          root.render(dialog);
        }
      });
    },
    (error: unknown) => {
      island = null;
      throw error;
    },
  );
  return island;
}

/**
 * Until its code has run, a press on one of the dialog's own buttons (Register, Back To Login,
 * the calendar) is held, the code asked for, and the press made again once it has run: none is
 * lost, and the form is never sent by the browser itself. Its close button is the browser's
 * (`commandfor`) and works at once.
 */
function holdPresses(place: HTMLElement) {
  const hold = (event: Event) => {
    if (ready) return;
    if (event.type === 'submit') return event.preventDefault();
    const button = (event.target as Element).closest?.('button:not([commandfor])');
    if (!(button instanceof HTMLButtonElement)) return;
    event.preventDefault();
    event.stopPropagation();
    void wakeRegister().then(() => setTimeout(() => button.isConnected && button.click(), 0));
  };
  place.addEventListener('click', hold, true);
  place.addEventListener('submit', hold, true);
  return () => {
    place.removeEventListener('click', hold, true);
    place.removeEventListener('submit', hold, true);
  };
}

/**
 * Starts on the dialog's code once the browser is idle, when the pointer or the focus reaches
 * Register: the press that follows is answered by the HTML's dialog, and the code is on its way.
 */
export function preloadRegister() {
  whenIdle(() => void wakeRegister(), 1000);
}

const SERVED = { __html: '' };

/**
 * The island's place in the page, kept as the server wrote it (hydrating leaves an element's inner
 * HTML alone). The dialog's code is fetched when the dialog opens: by the browser (its button's
 * `commandfor`, before or after the page's code loaded) or by a screen (`openRegister`).
 */
export function RegisterIsland() {
  const navigate = useNavigate();
  const { showRegister } = useDialogs();
  useEffect(() => {
    navigateTo = (path) => void navigate(path);
  }, [navigate]);
  useEffect(() => {
    if (showRegister) void wakeRegister();
  }, [showRegister]);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dialog = document.getElementById(DIALOG_IDS.register) as HTMLDialogElement | null;
    const opened = () => dialog?.open && void wakeRegister();
    opened();
    dialog?.addEventListener('toggle', opened);
    const release = place.current ? holdPresses(place.current) : undefined;
    return () => {
      dialog?.removeEventListener('toggle', opened);
      release?.();
      // The page's frame goes (the back office): the island goes with it.
      const gone = island;
      island = null;
      ready = false;
      void gone?.then((root) => root?.unmount());
    };
  }, []);
  return (
    <div
      ref={place}
      id={REGISTER_ISLAND.id}
      suppressHydrationWarning
      dangerouslySetInnerHTML={SERVED}
    />
  );
}
