/**
 * The staff page's content editor calls (docs/behaviour.md#content-editor): the hotel's content, its check, its save,
 * its history, its YAML file and its pictures, each with the manager's session token.
 */
import type {
  ContentCheckReply,
  ContentDocument,
  ContentHistoryReply,
  ContentProblem,
  ContentReply,
  ContentVersionReply,
  PictureUploadReply,
} from '../../contract/content-editor.ts';
import { call, http, staffSessionHeaders } from './http.ts';

/** A whole document may be large (a code pool): no retry of a write, the editor says what happened. */
export const getContent = (hId: number, token: string): Promise<ContentReply> =>
  call(() => http.get(`staff/hotels/${hId}/content`, { headers: staffSessionHeaders(token) }).json<ContentReply>());

export const checkContent = (hId: number, token: string, document: ContentDocument): Promise<ContentProblem[]> =>
  call(async () => {
    const reply = await http
      .post(`staff/hotels/${hId}/content/check`, { json: { document }, headers: staffSessionHeaders(token) })
      .json<ContentCheckReply>();
    return reply.problems;
  });

/** Saves the document made from `baseVersion`: 422 content_invalid with its problems, 409 content_version_conflict. */
export const saveContent = (
  hId: number,
  token: string,
  baseVersion: string,
  document: ContentDocument,
): Promise<ContentReply> =>
  call(() =>
    http
      .put(`staff/hotels/${hId}/content`, { json: { baseVersion, document }, headers: staffSessionHeaders(token) })
      .json<ContentReply>(),
  );

export const getContentHistory = (hId: number, token: string): Promise<ContentHistoryReply> =>
  call(() =>
    http
      .get(`staff/hotels/${hId}/content/versions`, { headers: staffSessionHeaders(token) })
      .json<ContentHistoryReply>(),
  );

export const getContentVersion = (hId: number, token: string, number: number): Promise<ContentVersionReply> =>
  call(() =>
    http
      .get(`staff/hotels/${hId}/content/versions/${number}`, { headers: staffSessionHeaders(token) })
      .json<ContentVersionReply>(),
  );

export const restoreContentVersion = (
  hId: number,
  token: string,
  number: number,
  baseVersion: string,
): Promise<ContentReply> =>
  call(() =>
    http
      .post(`staff/hotels/${hId}/content/versions/${number}/restore`, {
        json: { baseVersion },
        headers: staffSessionHeaders(token),
      })
      .json<ContentReply>(),
  );

/** The current content as a content file (YAML), as the file the browser downloads. */
export const getContentYaml = (hId: number, token: string): Promise<Blob> =>
  call(() => http.get(`staff/hotels/${hId}/content.yaml`, { headers: staffSessionHeaders(token) }).blob());

/** A whole content file, saved like the editor's document. */
export const importContentYaml = (
  hId: number,
  token: string,
  baseVersion: string,
  text: string,
): Promise<ContentReply> =>
  call(() =>
    http
      .put(`staff/hotels/${hId}/content.yaml`, {
        body: text,
        searchParams: { baseVersion },
        headers: { ...staffSessionHeaders(token), 'content-type': 'application/yaml' },
      })
      .json<ContentReply>(),
  );

/** As long as the server waits for a request: a 10 MB photo over a weak hotel Wi-Fi. */
const PICTURE_UPLOAD_TIMEOUT_MS = 120_000;

/**
 * A picture file sent as it is (its bytes the body, its type the header): 201 with the stored picture's address;
 * 415 picture_unsupported, 413 picture_too_large.
 */
export const uploadPicture = (hId: number, token: string, file: Blob): Promise<PictureUploadReply> =>
  call(() =>
    http
      .post(`staff/hotels/${hId}/pictures`, {
        body: file,
        timeout: PICTURE_UPLOAD_TIMEOUT_MS,
        headers: { ...staffSessionHeaders(token), 'content-type': file.type },
      })
      .json<PictureUploadReply>(),
  );
