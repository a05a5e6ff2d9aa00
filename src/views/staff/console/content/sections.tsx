import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import type { ContentSection } from '../../../../../machines/contentEditor.machine.ts';
import { ActionsSection } from './actions/ActionsSection.tsx';
import type { ContentEditorRef } from './draftField.ts';
import { ImpactSection as ImpactFiguresSection } from './impact/ImpactSection.tsx';
import { LanguagesSection } from './languages/LanguagesSection.tsx';
import { MenuSection } from './menu/MenuSection.tsx';
import { RewardsSection } from './rewards/RewardsSection.tsx';
import { RoomsSection } from './rooms/RoomsSection.tsx';
import { SettingsSection } from './settings/SettingsSection.tsx';
import { TranslationsSection } from './translations/TranslationsSection.tsx';

export interface ContentSectionView {
  /** Its name in the editor's menu and over it. */
  label: MessageDescriptor;
  /** Its editor, bound to the draft. */
  Section: ComponentType<{ actorRef: ContentEditorRef }>;
}

/**
 * The content editor's parts (docs/frontend.md#content-editor), one per CONTENT_SECTIONS name: its label and the
 * component that edits it (`src/views/staff/console/content/<section>/`).
 */
export const SECTION_VIEWS: Record<ContentSection, ContentSectionView> = {
  settings: { label: msg`Réglages`, Section: SettingsSection },
  languages: { label: msg`Langues`, Section: LanguagesSection },
  actions: { label: msg`Actions`, Section: ActionsSection },
  rewards: { label: msg`Récompenses`, Section: RewardsSection },
  translations: { label: msg`Traductions`, Section: TranslationsSection },
  rooms: { label: msg`Chambres`, Section: RoomsSection },
  menu: { label: msg`Menu du restaurant`, Section: MenuSection },
  impact: { label: msg`Chiffres d'impact`, Section: ImpactFiguresSection },
};
