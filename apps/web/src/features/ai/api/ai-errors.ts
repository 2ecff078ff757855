import { ApiError, errorMessage } from '../../../lib/api-client';

/** What an AI call's failure tells the person: a title, and what to do. */
export interface AiProblem {
  title: string;
  message: string;
}

/**
 * Explains an AI call's failure: no model set up (503 AI_NOT_CONFIGURED) says who can fix it and
 * how; the model failing (502) and the rest show the server's message.
 * @example aiProblem(new ApiError({ status: 503, code: 'AI_NOT_CONFIGURED' })).title // 'The AI assistant is not set up'
 */
export function aiProblem(error: unknown): AiProblem {
  if (error instanceof ApiError && (error.code === 'AI_NOT_CONFIGURED' || (error.status === 503 && !error.code))) {
    return {
      title: 'The AI assistant is not set up',
      message:
        'This Plinth server has no AI model. An administrator must set PLINTH_AI_BASE_URL and PLINTH_AI_MODEL (and PLINTH_AI_API_KEY when the model needs one) and restart it; the “AI assistant” section of the README explains how, with OpenAI or a local model such as Ollama.',
    };
  }
  if (error instanceof ApiError && error.status === 502) {
    return { title: 'The AI model failed', message: errorMessage(error, 'The model did not answer. Try again.') };
  }
  if (error instanceof ApiError && error.status === 0) {
    return { title: 'No answer', message: errorMessage(error, 'Plinth could not be reached. Try again.') };
  }
  return { title: 'The request failed', message: errorMessage(error, 'Something went wrong. Try again.') };
}
