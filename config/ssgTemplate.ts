/**
 * The HTML page template (siteConfig.ssrTemplate), from @docusaurus/core 3.10.2
 * lib/ssg/ssgTemplate.html.js. Changed (CUSTOM): the bundle runs after the page's first paint.
 *
 * Upstream writes `<script src defer>` for runtime~main.js and main.js. A deferred script runs as
 * soon as parsing ends, before the browser paints, so on a fast connection the reader sees nothing
 * until main.js has been evaluated (~45 ms here, several times that on a mid-range phone). Here the
 * head only preloads those files, at the low priority deferred scripts get, so they download as
 * early as before; a small script at the end of the body adds them once the browser reports the
 * first contentful paint. Where paint timing is missing (no PerformanceObserver, or one without
 * 'paint' entries) it waits for a frame instead, and a timer starts them regardless if neither
 * comes (a background tab paints nothing).
 */

/** How long after parsing the bundle waits at most for the first paint. */
export const bundleFallbackMs = 1000;

/**
 * Adds the bundle's scripts once. `async = false` keeps them in order (runtime~main.js first).
 * The list `u` is written into each page by Eta.
 */
const startBundle = `(function(u){var d=0;function s(){if(d)return;d=1;u.forEach(function(h){var e=document.createElement('script');e.src=h;e.async=false;document.body.appendChild(e);});}try{if((PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')<0)throw 0;new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();s();}}).observe({type:'paint',buffered:true});}catch(x){requestAnimationFrame(function(){setTimeout(s,0);});}setTimeout(s,${bundleFallbackMs});})(<%~ JSON.stringify(it.scripts.map((s) => it.baseUrl + s)) %>);`;

export const ssgTemplate = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${startBundle}</script>
  </body>
</html>
`;
