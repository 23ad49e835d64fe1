import type { Place } from './locateHost';

/**
 * One request as the endpoint handlers see it: parsed once, with the caller's key and the
 * place its host resolved to.
 */
export interface EmulatorCall {
  readonly request: Request;
  readonly url: URL;
  readonly form: URLSearchParams;
  readonly executionId: string;
  /** Key of the per-caller limits. */
  readonly caller: string;
  /**
   * What answers at the requested host: the login host, one vault (by ID), nothing, or
   * everything (single-origin mode).
   */
  readonly place: Place;
}
