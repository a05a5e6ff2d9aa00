import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import type { ContentSection } from '../../../../../machines/contentEditor.machine.ts';
import type { ContentEditorRef } from './draftField.ts';
import { LanguagesSection } from './languages/LanguagesSection.tsx';
import { SettingsSection } from './settings/SettingsSection.tsx';

export interface ContentSectionView {
  /** Its name in the editor's menu and over it. */
  label: MessageDescriptor;
  /** Its editor, bound to the draft; null while this part has none yet (the editor says so). */
  Section: ComponentType<{ actorRef: ContentEditorRef }> | null;
}

/**
 * The content editor's parts (docs/frontend.md#content-editor), one per CONTENT_SECTIONS name: its label and the
 * component that edits it (`src/views/staff/console/content/<section>/`).
 */
export const SECTION_VIEWS: Record<ContentSection, ContentSectionView> = {
  settings: { label: msg`Réglages`, Section: SettingsSection },
  languages: { label: msg`Langues`, Section: LanguagesSection },
  actions: { label: msg`Actions`, Section: null },
  rewards: { label: msg`Récompenses`, Section: null },
  translations: { label: msg`Traductions`, Section: null },
  rooms: { label: msg`Chambres`, Section: null },
  menu: { label: msg`Menu du restaurant`, Section: null },
  impact: { label: msg`Chiffres d'impact`, Section: null },
};
