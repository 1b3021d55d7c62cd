#ifndef SPACEDASH_CURL_SHIM_H
#define SPACEDASH_CURL_SHIM_H
#include <curl/curl.h>
#endif
