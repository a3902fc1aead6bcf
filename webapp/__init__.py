"""The site as the web finds and installs it: robots.txt, the sitemap, the web app
manifest, the icons, the service worker and the page it shows offline."""
