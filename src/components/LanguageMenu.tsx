import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import './LanguageMenu.css';

export interface LanguageChoice {
  code: string;
  name: string;
  direction?: 'rtl' | 'ltr';
}

export interface LanguageMenuProps {
  languages: LanguageChoice[];
  current: string;
  onSelect(code: string, direction?: 'rtl' | 'ltr'): void;
}

/** The interface languages (docs/behaviour.md#interface-language), offered while no hotel language list is known. */
export const INTERFACE_LANGUAGES: LanguageChoice[] = [
  { code: 'fr', name: 'Français', direction: 'ltr' },
  { code: 'en', name: 'English', direction: 'ltr' },
  { code: 'ar', name: 'العربية', direction: 'rtl' },
];

/**
 * A button that opens a listbox of languages (WAI-ARIA select-only pattern):
 * arrows / Home / End move, Enter or Space chooses, Escape closes; focus returns to the button.
 */
export function LanguageMenu({ languages, current, onSelect }: LanguageMenuProps) {
  const { t } = useLingui();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const optionRefs = useRef<Array<HTMLDivElement | null>>([]);

  const currentName = languages.find((language) => language.code === current)?.name ?? current.toUpperCase();

  useEffect(() => {
    if (open) optionRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  function openList() {
    const selected = languages.findIndex((language) => language.code === current);
    setActiveIndex(Math.max(selected, 0));
    setOpen(true);
  }

  function close() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  function choose(language: LanguageChoice) {
    close();
    if (language.code !== current) onSelect(language.code, language.direction);
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = languages.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      Home: 0,
      End: last,
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setActiveIndex(move);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  function onOptionKeyDown(event: KeyboardEvent<HTMLDivElement>, language: LanguageChoice) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(language);
    }
  }

  return (
    <div className="language-menu" data-scope="language-menu" data-state={open ? 'open' : 'closed'}>
      <button
        ref={triggerRef}
        type="button"
        className="language-menu__trigger"
        data-part="trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onTriggerKeyDown}
      >
        {/* The visible code stays part of the accessible name (WCAG 2.5.3 label in name). */}
        <span>{current.toUpperCase()}</span>
        <span className="visually-hidden"> {t`Langue : ${currentName}`}</span>
      </button>
      {open && (
        <div
          id={listId}
          className="language-menu__list"
          data-part="list"
          role="listbox"
          aria-label={t`Choisir la langue`}
          onKeyDown={onListKeyDown}
          onBlur={(event) => {
            // Focus leaving the widget (a tap elsewhere) closes the list; the trigger toggles it itself.
            const next = event.relatedTarget;
            if (!event.currentTarget.contains(next) && next !== triggerRef.current) setOpen(false);
          }}
        >
          {languages.map((language, index) => (
            <div
              key={language.code}
              ref={(element) => {
                optionRefs.current[index] = element;
              }}
              className="language-menu__option"
              data-part="option"
              role="option"
              tabIndex={index === activeIndex ? 0 : -1}
              aria-selected={language.code === current}
              lang={language.code}
              dir={language.direction}
              onClick={() => choose(language)}
              onKeyDown={(event) => onOptionKeyDown(event, language)}
            >
              {language.name}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
