// swagger-ui-dist ships no types; the reference page uses only this call.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUIOptions {
    url: string;
    dom_id: string;
    deepLinking?: boolean;
    withCredentials?: boolean;
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}
