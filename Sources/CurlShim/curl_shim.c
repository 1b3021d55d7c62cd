#include "curl_shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libcurl's functions, resolved by sd_curl_load. The types come from curl.h,
// so a signature that does not match the header does not compile.
struct functions {
    __typeof__(curl_global_init) *global_init;
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_setopt) *easy_setopt;
    __typeof__(curl_easy_getinfo) *easy_getinfo;
    __typeof__(curl_easy_strerror) *easy_strerror;
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
    __typeof__(curl_multi_init) *multi_init;
    __typeof__(curl_multi_cleanup) *multi_cleanup;
    __typeof__(curl_multi_add_handle) *multi_add_handle;
    __typeof__(curl_multi_remove_handle) *multi_remove_handle;
    __typeof__(curl_multi_perform) *multi_perform;
    __typeof__(curl_multi_info_read) *multi_info_read;
    __typeof__(curl_multi_poll) *multi_poll;
    __typeof__(curl_multi_wakeup) *multi_wakeup;
};

static struct functions curl;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int loaded = 0;

// Resolves every function or none: a libcurl too old for one of them
// (curl_multi_wakeup came in 7.68) is reported, not called.
static int resolve(struct functions *table, void *library, const char *name, char *error, size_t error_size) {
#define SD_RESOLVE(field, symbol) \
    if ((*(void **)&table->field = dlsym(library, symbol)) == NULL) { \
        snprintf(error, error_size, "%s has no %s (libcurl 7.68 or later is needed)", name, symbol); \
        return -1; \
    }
    SD_RESOLVE(global_init, "curl_global_init")
    SD_RESOLVE(easy_init, "curl_easy_init")
    SD_RESOLVE(easy_cleanup, "curl_easy_cleanup")
    SD_RESOLVE(easy_setopt, "curl_easy_setopt")
    SD_RESOLVE(easy_getinfo, "curl_easy_getinfo")
    SD_RESOLVE(easy_strerror, "curl_easy_strerror")
    SD_RESOLVE(slist_append, "curl_slist_append")
    SD_RESOLVE(slist_free_all, "curl_slist_free_all")
    SD_RESOLVE(multi_init, "curl_multi_init")
    SD_RESOLVE(multi_cleanup, "curl_multi_cleanup")
    SD_RESOLVE(multi_add_handle, "curl_multi_add_handle")
    SD_RESOLVE(multi_remove_handle, "curl_multi_remove_handle")
    SD_RESOLVE(multi_perform, "curl_multi_perform")
    SD_RESOLVE(multi_info_read, "curl_multi_info_read")
    SD_RESOLVE(multi_poll, "curl_multi_poll")
    SD_RESOLVE(multi_wakeup, "curl_multi_wakeup")
#undef SD_RESOLVE
    return 0;
}

// dlopen and resolve: the library's handle, or NULL with the reason in `error`.
static void *open_library(struct functions *table, const char *library, char *error, size_t error_size) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "%s", reason != NULL ? reason : library);
        return NULL;
    }
    if (resolve(table, handle, library, error, error_size) != 0) {
        dlclose(handle);
        return NULL;
    }
    return handle;
}

int sd_curl_check(const char *library, char *error, size_t error_size) {
    struct functions table;
    void *handle = open_library(&table, library, error, error_size);
    if (handle == NULL) return -1;
    dlclose(handle);
    return 0;
}

int sd_curl_load(const char *library, char *error, size_t error_size) {
    pthread_mutex_lock(&load_lock);
    int result = 0;
    if (!loaded) {
        if (open_library(&curl, library, error, error_size) == NULL) {
            result = -1;
        } else {
            CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
            if (code != CURLE_OK) {
                snprintf(error, error_size, "curl_global_init failed: %s", curl.easy_strerror(code));
                result = -1;  // the library stays open: unloading after a partial init is not safe
            } else {
                loaded = 1;
            }
        }
    }
    pthread_mutex_unlock(&load_lock);
    return result;
}

CURL *sd_easy_init(void) { return curl.easy_init(); }
void sd_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
const char *sd_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
struct curl_slist *sd_slist_append(struct curl_slist *list, const char *field) { return curl.slist_append(list, field); }
void sd_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLM *sd_multi_init(void) { return curl.multi_init(); }
CURLMcode sd_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
CURLMcode sd_multi_add_handle(CURLM *multi, CURL *handle) { return curl.multi_add_handle(multi, handle); }
CURLMcode sd_multi_remove_handle(CURLM *multi, CURL *handle) { return curl.multi_remove_handle(multi, handle); }
CURLMcode sd_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMsg *sd_multi_info_read(CURLM *multi, int *remaining) { return curl.multi_info_read(multi, remaining); }
CURLMcode sd_multi_poll(CURLM *multi, int timeout_ms) { return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
CURLMcode sd_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }

CURLcode sd_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode sd_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode sd_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode sd_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode sd_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode sd_easy_set_callbacks(CURL *handle,
                               sd_data_callback on_body,
                               sd_data_callback on_header,
                               curl_xferinfo_callback on_progress,
                               void *context) {
    CURLcode code;
    if ((code = curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body)) != CURLE_OK) return code;
    if ((code = curl.easy_setopt(handle, CURLOPT_WRITEDATA, context)) != CURLE_OK) return code;
    if ((code = curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header)) != CURLE_OK) return code;
    if ((code = curl.easy_setopt(handle, CURLOPT_HEADERDATA, context)) != CURLE_OK) return code;
    if ((code = curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress)) != CURLE_OK) return code;
    if ((code = curl.easy_setopt(handle, CURLOPT_XFERINFODATA, context)) != CURLE_OK) return code;
    return curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
}

CURLcode sd_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode sd_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode sd_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode sd_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode sd_multi_message_result(const CURLMsg *message) {
    return message->data.result;
}
