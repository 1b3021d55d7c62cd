#ifndef SPACEDASH_CCURL_SHIM_H
#define SPACEDASH_CCURL_SHIM_H
#include <curl/curl.h>
#endif
