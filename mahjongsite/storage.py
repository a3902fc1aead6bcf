"""Static files storage: WhiteNoise's compressed, hashed files, JavaScript modules included.

Django rewrites ``url()`` in CSS to hashed names by default, but ``import … from
"./api.js"`` in JavaScript modules only when asked: without it a module would load its
imports by their plain names, which cannot be cached for long.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
