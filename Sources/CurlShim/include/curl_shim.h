#ifndef SPACEDASH_CURL_SHIM_H
#define SPACEDASH_CURL_SHIM_H

// libcurl, loaded when the first request is made rather than when the program
// starts: most runs (--version, --offline, a warm cache) make no request, and
// linking libcurl would load it and its ~30 libraries (TLS, Kerberos, LDAP,
// SSH, IDN...) into every one of them. Only libcurl's headers are used at
// build time (apt libcurl4-openssl-dev); at run time, libcurl.so.4 (libcurl4).
//
// Also what Swift cannot call directly: curl_easy_setopt and curl_easy_getinfo
// are variadic, so each argument type gets a typed wrapper here; CURLMsg keeps
// its result in a union, read through a helper.

#include <stddef.h>
#include <curl/curl.h>

/// Loads `library` (e.g. "libcurl.so.4") unless a libcurl is loaded already,
/// then calls curl_global_init(CURL_GLOBAL_DEFAULT) exactly once per process,
/// whatever the number of threads racing to call it. Returns 0 when libcurl is
/// ready; otherwise writes why into `error` (one line) and returns -1, and a
/// later call tries again. Every other function here needs a successful call first.
int sd_curl_load(const char *library, char *error, size_t error_size);

/// What sd_curl_load would say of `library`, without keeping it loaded: 0 when
/// it loads and has every function used here, else -1 and why in `error`.
int sd_curl_check(const char *library, char *error, size_t error_size);

CURL *sd_easy_init(void);
void sd_easy_cleanup(CURL *handle);
const char *sd_easy_strerror(CURLcode code);
struct curl_slist *sd_slist_append(struct curl_slist *list, const char *field);
void sd_slist_free_all(struct curl_slist *list);

CURLM *sd_multi_init(void);
CURLMcode sd_multi_cleanup(CURLM *multi);
CURLMcode sd_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode sd_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode sd_multi_perform(CURLM *multi, int *running);
CURLMsg *sd_multi_info_read(CURLM *multi, int *remaining);
CURLMcode sd_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode sd_multi_wakeup(CURLM *multi);

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
