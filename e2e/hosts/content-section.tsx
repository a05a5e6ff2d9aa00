/**
 * A content editor section on a page of its own, served by `npm run dev` (e2e/content-actions.spec.ts): the real
 * editor machine with the real calls, as the staff page's 'Programme' tab will hold it, until that tab shows the
 * section. Query: hId, token (a manager's staff session), lang.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import type { ContentProblem, ContentReply } from '../../contract/content-editor.ts';
import {
  type CheckContentInput,
  contentEditorMachine,
  type ImportYamlInput,
  type SaveContentInput,
} from '../../machines/contentEditor.machine.ts';
import type { StaffSectionInput } from '../../machines/staffConsole.machine.ts';
import { checkContent, getContent, importContentYaml, saveContent } from '../../src/api/staffContent.ts';
import { withStaffCatalog } from '../../src/i18n/activate.ts';
import { LanguageProvider } from '../../src/i18n/LanguageProvider.tsx';
import { guestStorage } from '../../src/storage/guest-storage.ts';
import '../../src/styles/theme.css';
import '../../src/views/staff/console/StaffConsolePage.css';

const query = new URLSearchParams(location.search);
guestStorage.set('langue', query.get('lang') ?? 'fr');

const editor = createActor(
  contentEditorMachine.provide({
    actors: {
      loadContent: fromPromise<ContentReply, StaffSectionInput>(({ input }) => getContent(input.hId, input.token)),
      checkContent: fromPromise<ContentProblem[], CheckContentInput>(({ input }) =>
        checkContent(input.hId, input.token, input.document),
      ),
      saveContent: fromPromise<ContentReply, SaveContentInput>(({ input }) =>
        saveContent(input.hId, input.token, input.baseVersion, input.document),
      ),
      importYaml: fromPromise<ContentReply, ImportYamlInput>(({ input }) =>
        importContentYaml(input.hId, input.token, input.baseVersion, input.text),
      ),
    },
  }),
  { input: { hId: Number(query.get('hId') ?? 1), token: query.get('token') ?? '', timeZone: 'Europe/Paris' } },
).start();

const { ActionsSection } = await withStaffCatalog(
  () => import('../../src/views/staff/console/content/actions/ActionsSection.tsx'),
)();

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <LanguageProvider>
        <div className="staff-console">
          <main className="staff-console__main">
            <ActionsSection actorRef={editor} />
          </main>
        </div>
      </LanguageProvider>
    </StrictMode>,
  );
