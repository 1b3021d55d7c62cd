#ifndef SPACEDASH_CURL_SHIM_H
#define SPACEDASH_CURL_SHIM_H

// What Swift cannot call directly: curl_easy_setopt and curl_easy_getinfo are
// variadic, so each argument type gets a typed wrapper here; CURLMsg keeps its
// result in a union, read through a helper.

#include <curl/curl.h>

/// curl_global_init(CURL_GLOBAL_DEFAULT) exactly once per process, whatever
/// the number of threads racing to call it. Returns the code of that one call.
CURLcode sd_curl_global_init_once(void);

CURLcode sd_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode sd_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode sd_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode sd_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode sd_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);

/// The body (CURLOPT_WRITEFUNCTION) and header (CURLOPT_HEADERFUNCTION)
/// callbacks: `size * nitems` bytes at `data`; return that count to go on,
/// anything else aborts the transfer.
typedef size_t (*sd_data_callback)(char *data, size_t size, size_t nitems, void *context);

/// Installs the write, header and transfer-progress callbacks with one shared
/// `context` and turns progress reporting on (CURLOPT_NOPROGRESS = 0), so the
/// progress callback can abort a cancelled transfer by returning non-zero.
CURLcode sd_easy_set_callbacks(CURL *handle,
                               sd_data_callback on_body,
                               sd_data_callback on_header,
                               curl_xferinfo_callback on_progress,
                               void *context);

CURLcode sd_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode sd_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode sd_easy_getinfo_double(CURL *handle, CURLINFO info, double *value);
/// The string belongs to the handle and lives until it is cleaned up.
CURLcode sd_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);

/// The CURLcode of a CURLMSG_DONE message.
CURLcode sd_multi_message_result(const CURLMsg *message);

#endif
