#include "curl_shim.h"
