// Samples of the documentation page that are real files, imported as text: the SDK's examples,
// which CI type-checks against the built package (packages/sdk/examples), and the signature
// recipe of docs/webhooks.md, which the server's tests verify deliveries with. The page never
// shows code that doesn't compile or doesn't work.

export { default as VERIFY_SIGNATURE } from '../../../../../docs/recipes/verify-plinth-signature.ts?raw';
export { default as NEXT_WEBHOOK } from '../../../../../packages/sdk/examples/next/app/api/plinth-webhook/route.ts?raw';
export { default as NEXT_PAGE } from '../../../../../packages/sdk/examples/next/app/blog/page.tsx?raw';
export { default as REACT_COMPONENT } from '../../../../../packages/sdk/examples/vite-react/src/articles.tsx?raw';
