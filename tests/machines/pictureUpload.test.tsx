import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import {
  type ContentPath,
  type ContentProblem,
  type ContentReply,
  PICTURE_MAX_BYTES,
  type PictureUploadReply,
} from '../../contract/content-editor.ts';
import { valueAt } from '../../machines/contentDraft.ts';
import { contentEditorMachine } from '../../machines/contentEditor.machine.ts';
import { type PictureUploadInput, pictureUploadMachine } from '../../machines/pictureUpload.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { uploadPicture } from '../../src/api/staffContent.ts';
import { LanguageProvider } from '../../src/i18n/LanguageProvider.tsx';
import { PictureField } from '../../src/views/staff/console/content/fields.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { SECTION_INPUT } from '../app/staff-section-host.tsx';
import { canTake, eventKey, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type PictureUploadSnapshot = SnapshotFrom<typeof pictureUploadMachine>;

const PATH: ContentPath = ['actions', 0, 'picture'];
const HOSTED = 'https://images.example.com/towels.jpg';
const UPLOADED: PictureUploadReply = { url: `/pictures/${'a1'.repeat(16)}.webp`, width: 1472, height: 981 };

/** The editor's content: only the field's path matters here. */
const SAVED = {
  version: 'v1',
  number: 1,
  document: { hotel: { id: 1, name: 'Les Tilleuls' }, actions: [{ key: 'towels', picture: HOSTED }] },
} as unknown as ContentReply;

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'towels.jpg', { type: 'image/jpeg' });
const svg = () => new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' });
/** A PNG over the limit, its size told without its bytes. */
function heavy(): File {
  const file = new File([new Uint8Array(8)], 'scan.png', { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: PICTURE_MAX_BYTES + 1 });
  return file;
}
const FILES = { photo, svg, heavy };
type FileName = keyof typeof FILES;

const failure = (status: number, code: string) => new ApiError(status, code, code);

const REFUSAL_TEXT = {
  type: "Cette image n'est pas acceptée : choisissez un fichier JPEG, PNG ou WebP.",
  size: 'Cette image est trop grande : 10 Mo et 50 mégapixels au plus.',
  failed: "L'envoi de l'image a échoué. Réessayez.",
};

const EVENTS: AnyEventObject[] = [
  ...(Object.keys(FILES) as FileName[]).map((file) => ({ type: 'picture.choose', file })),
  { type: 'xstate.done.actor.uploadPicture', output: UPLOADED },
  { type: 'xstate.error.actor.uploadPicture', error: failure(415, 'picture_unsupported') },
  { type: 'xstate.error.actor.uploadPicture', error: failure(413, 'picture_too_large') },
  { type: 'xstate.error.actor.uploadPicture', error: failure(500, 'internal_error') },
  { type: 'xstate.error.actor.uploadPicture', error: failure(401, 'staff_session_invalid') },
  { type: 'picture.remove' },
];

/** The model steps with the file's name in the event (the machine gets the File the view makes of it). */
function modelEventOf(event: AnyEventObject): AnyEventObject {
  if (event.type !== 'picture.choose') return event;
  const file = FILES[event.file as FileName]();
  // Named by its file name in the graph and in the test's title.
  Object.defineProperty(file, 'toJSON', { value: () => file.name });
  return { ...event, file };
}

const stateKey = (snapshot: PictureUploadSnapshot) =>
  `${JSON.stringify(snapshot.value)} refusal=${snapshot.context.refusal}`;

function model() {
  // The draft is changed by the real editor on the rendered page; the graph is walked without one.
  const walked = pictureUploadMachine.provide({ actions: { setPicture: () => {} } });
  const logic = walked as unknown as ActorLogic<PictureUploadSnapshot, AnyEventObject, PictureUploadInput>;
  const editorRef = createActor(contentEditorMachine, { input: SECTION_INPUT });
  return new TestModel(logic, {
    input: { ...SECTION_INPUT, path: PATH, editorRef },
    events: (snapshot) =>
      EVENTS.map(modelEventOf).filter(
        // A picture to remove is certain after an upload only (the view offers removal when the draft has one).
        (event) => (event.type !== 'picture.remove' || snapshot.matches('done')) && canTake(snapshot, event),
      ),
    // The state, and the transition that led there (event and state it left): every transition ends a path.
    serializeState: (snapshot, event, previous) =>
      `${stateKey(snapshot)}${event && previous ? ` via ${eventKey(event)}${event.type === 'picture.choose' ? `:${event.file.name}` : ''} from ${stateKey(previous)}` : ''}`,
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

/** The content editor, its content loaded, and the picture field bound to it with a controlled upload. */
async function renderField() {
  const editor = createActor(
    contentEditorMachine.provide({
      actors: {
        loadContent: fromPromise(async () => SAVED),
        checkContent: fromPromise(async (): Promise<ContentProblem[]> => []),
      },
    }),
    { input: SECTION_INPUT },
  ).start();
  await waitFor(editor, (snapshot) => snapshot.matches('editing'));
  const controlled = controlledActors(['uploadPicture']);
  const { container } = render(
    <LanguageProvider>
      <PictureField
        actorRef={editor}
        path={PATH}
        label="Image de l'action"
        uploadLogic={controlled.provideTo(pictureUploadMachine)}
      />
    </LanguageProvider>,
  );
  await screen.findByRole('button', { name: 'Choisir une image' });
  const fileInput = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!fileInput) throw new Error('The field has a file input');
  const draftValue = () => valueAt(editor.getSnapshot().context.draft, PATH);
  // A file chooser's `accept` is a hint: the person may pick any file ('All files').
  return { editor, controlled, fileInput, draftValue, user: userEvent.setup({ applyAccept: false }) };
}

/** What the page shows agrees with the draft: the preview and the address are the draft's picture. */
function expectShowsDraft(value: unknown) {
  const preview = screen.queryByRole('img', { name: "Aperçu de l'image" });
  expect(screen.getByLabelText("Adresse de l'image")).toHaveValue(typeof value === 'string' ? value : '');
  if (typeof value === 'string') expect(preview).toHaveAttribute('src', value);
  else expect(preview).toBeNull();
  expect(screen.queryByRole('button', { name: "Retirer l'image" }) !== null).toBe(typeof value === 'string');
}

afterEach(() => vi.unstubAllGlobals());

describe('picture upload machine: model paths drive the picture field', () => {
  const paths = model().getShortestPaths();

  it('walks each refusal, an upload and a removal', () => {
    const walked = new Set(
      paths.flatMap((path) =>
        path.steps.map(
          ({ state, event }) =>
            `${event.type} ⇒ ${state.value}${state.context.refusal ? `:${state.context.refusal}` : ''}`,
        ),
      ),
    );
    for (const step of [
      'picture.choose ⇒ uploading',
      'xstate.done.actor.uploadPicture ⇒ done',
      'picture.remove ⇒ idle',
      'picture.choose ⇒ refused:type',
      'picture.choose ⇒ refused:size',
      'xstate.error.actor.uploadPicture ⇒ refused:type',
      'xstate.error.actor.uploadPicture ⇒ refused:size',
      'xstate.error.actor.uploadPicture ⇒ refused:failed',
    ])
      expect(walked).toContain(step);
  });

  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      const { controlled, fileInput, draftValue, user } = await renderField();
      let before: unknown = draftValue();
      await path.test({
        states: {
          idle: () => {
            expect(screen.getByRole('status')).toBeEmptyDOMElement();
            expect(screen.queryByRole('alert')).toBeNull();
            expect(screen.getByRole('button', { name: 'Choisir une image' })).toBeEnabled();
            expectShowsDraft(draftValue());
          },
          uploading: () => {
            expect(screen.getByRole('status')).toHaveTextContent("Envoi de l'image…");
            expect(screen.getByRole('button', { name: 'Choisir une image' })).toBeDisabled();
            expect(controlled.calls.at(-1)).toEqual({
              name: 'uploadPicture',
              input: { hId: SECTION_INPUT.hId, token: SECTION_INPUT.token, file: expect.any(File) },
            });
            // The draft keeps its picture until the new one is stored.
            expect(draftValue()).toBe(before);
          },
          done: () => {
            expect(screen.getByRole('status')).toHaveTextContent(
              'Image envoyée : les clients la verront une fois les modifications enregistrées.',
            );
            expect(draftValue()).toBe(UPLOADED.url);
            expectShowsDraft(UPLOADED.url);
          },
          refused: (snapshot) => {
            const refusal = snapshot.context.refusal ?? 'failed';
            expect(screen.getByRole('alert')).toHaveTextContent(REFUSAL_TEXT[refusal]);
            expect(screen.getByRole('button', { name: 'Choisir une image' })).toBeEnabled();
            // Nothing changes in the draft.
            expect(draftValue()).toBe(before);
            expectShowsDraft(before);
          },
        },
        events: {
          'picture.choose': async (step) => {
            before = draftValue();
            const { file } = step.event as unknown as { file: File };
            const calls = controlled.calls.length;
            await user.upload(fileInput, file);
            // A file refused by its type or size is not sent.
            expect(controlled.calls.length - calls).toBe(file.name === 'towels.jpg' ? 1 : 0);
          },
          'xstate.done.actor.uploadPicture': async () => {
            await act(async () => controlled.resolve('uploadPicture', UPLOADED));
          },
          'xstate.error.actor.uploadPicture': async (step) => {
            await act(async () =>
              controlled.reject('uploadPicture', (step.event as unknown as { error: unknown }).error),
            );
          },
          'picture.remove': async () => {
            await user.click(screen.getByRole('button', { name: "Retirer l'image" }));
            expect(draftValue()).toBeUndefined();
          },
        },
      });
    });
  }
});

describe('the picture field', () => {
  it('shows the draft’s picture, takes it out, and takes an address typed by hand', async () => {
    const { draftValue, user } = await renderField();
    expectShowsDraft(HOSTED);
    await user.click(screen.getByRole('button', { name: "Retirer l'image" }));
    expect(draftValue()).toBeUndefined();
    expectShowsDraft(undefined);
    await user.type(screen.getByLabelText("Adresse de l'image"), 'https://images.example.com/bike.webp');
    expect(draftValue()).toBe('https://images.example.com/bike.webp');
    expectShowsDraft('https://images.example.com/bike.webp');
    expect(screen.getByRole('group', { name: "Image de l'action" })).toContainElement(
      screen.getByRole('button', { name: 'Choisir une image' }),
    );
  });

  it('offers JPEG, PNG and WebP files only in the file chooser', async () => {
    const { fileInput } = await renderField();
    expect(fileInput).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  });
});

describe('uploadPicture', () => {
  it('sends the file itself with its type and the session token, and reads the stored picture', async () => {
    const requests: Request[] = [];
    // Node's Request takes no address relative to the page, as the browser's does.
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
        }
      },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        requests.push(request.clone());
        return new Response(JSON.stringify(UPLOADED), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const file = photo();
    expect(await uploadPicture(1, 'tok', file)).toEqual(UPLOADED);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/staff/hotels/1/pictures');
    expect(request?.headers.get('content-type')).toBe('image/jpeg');
    expect(request?.headers.get('authorization')).toBe('Bearer tok');
    expect(new Uint8Array(await (request as Request).arrayBuffer())).toEqual(new Uint8Array(await file.arrayBuffer()));
  });
});
