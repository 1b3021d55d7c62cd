#include "curl_shim.h"
#include <pthread.h>

static pthread_once_t global_init_once = PTHREAD_ONCE_INIT;
static CURLcode global_init_result = CURLE_OK;

static void global_init(void) {
    global_init_result = curl_global_init(CURL_GLOBAL_DEFAULT);
}

CURLcode sd_curl_global_init_once(void) {
    pthread_once(&global_init_once, global_init);
    return global_init_result;
}

CURLcode sd_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode sd_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode sd_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode sd_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode sd_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode sd_easy_set_callbacks(CURL *handle,
                               sd_data_callback on_body,
                               sd_data_callback on_header,
                               curl_xferinfo_callback on_progress,
                               void *context) {
    CURLcode code;
    if ((code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_WRITEDATA, context)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_HEADERDATA, context)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress)) != CURLE_OK) return code;
    if ((code = curl_easy_setopt(handle, CURLOPT_XFERINFODATA, context)) != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
}

CURLcode sd_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode sd_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode sd_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode sd_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode sd_multi_message_result(const CURLMsg *message) {
    return message->data.result;
}
